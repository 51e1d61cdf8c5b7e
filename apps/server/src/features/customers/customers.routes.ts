/**
 * The spec's user and customer calls (spec 7), each with a bearer token (plugins/auth.ts) and each for
 * the token's own user only:
 * - POST /user/link-user { passwordlessUserId, email }: link a passwordless identity to the customer
 *   with its verified email (spec 4);
 * - GET /user/user-by-email/{email}: the user id of the token's own email (403 for any other);
 * - GET /customers/{userId}: the customer record (403 for any id that is not the caller's).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CustomerRecordSchema } from '@sunward/core/schemas';
import {
  errorResponses,
  failureToHttp,
  unauthorized,
  type StatusTable,
} from '../../lib/http-errors.ts';
import type { AuthUser } from './auth-user.ts';
import {
  linkUser,
  ownCustomer,
  userIdByEmail,
  type CustomerFailure,
  type CustomerOptions,
  type LinkUserFailure,
  type UserByEmailFailure,
} from './customers.service.ts';
import { customersPersonalData } from './customer-personal-data.ts';

const LINK_STATUS: StatusTable<LinkUserFailure> = { forbidden: 403, email_not_verified: 403 };
const BY_EMAIL_STATUS: StatusTable<UserByEmailFailure> = { forbidden: 403 };
const CUSTOMER_STATUS: StatusTable<CustomerFailure> = { forbidden: 403 };
/** What every route here may answer before its handler runs (plugins/auth.ts). */
const AUTH_STATUS = { unauthorized: 401, invalid_token: 401, auth_unavailable: 503 };

const LinkUserBody = z.object({
  passwordlessUserId: z.string().min(1).max(255),
  email: z.string().trim().min(3).max(254),
});
const LinkUserAnswer = z.object({
  userId: z.string(),
  customerId: z.string(),
  claimedOrders: z.number().int(),
});
const UserIdAnswer = z.object({ userId: z.string() });

/** The token's user; the route's `requireUser` option has made sure there is one. */
function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Its rows of a person, for the console's export and erasure (lib/personal-data.ts).
  app.personalData.register(customersPersonalData);
  const options = (): CustomerOptions => ({ adminEmails: app.config.adminEmails });
  const signedIn = { requireUser: true };

  app.post(
    '/user/link-user',
    {
      config: signedIn,
      schema: {
        tags: ['customers'],
        summary: "Link the caller's passwordless identity to the customer with its verified email",
        description:
          'Bearer token required. `passwordlessUserId` must be the token’s own subject and `email` ' +
          'its own verified email (403 otherwise). Guest orders placed with that email are claimed.',
        security: [{ bearerAuth: [] }],
        body: LinkUserBody,
        response: { 200: LinkUserAnswer, ...errorResponses(LINK_STATUS, AUTH_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await linkUser(db, userOf(request), request.body, options());
      if (!result.ok) throw failureToHttp(result, LINK_STATUS);
      return result.value;
    },
  );

  app.get(
    '/user/user-by-email/:email',
    {
      config: signedIn,
      schema: {
        tags: ['customers'],
        summary: "The user id of the caller's own email",
        description: 'Bearer token required; any email other than the token’s own is a 403.',
        security: [{ bearerAuth: [] }],
        params: z.object({ email: z.string().min(1).max(254) }),
        response: { 200: UserIdAnswer, ...errorResponses(BY_EMAIL_STATUS, AUTH_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await userIdByEmail(db, userOf(request), request.params.email, options());
      if (!result.ok) throw failureToHttp(result, BY_EMAIL_STATUS);
      return result.value;
    },
  );

  app.get(
    '/customers/:userId',
    {
      config: signedIn,
      schema: {
        tags: ['customers'],
        summary: "The caller's customer record",
        description:
          'Bearer token required. `userId` is the caller’s user id (the `sub` of the record, or of any ' +
          'identity linked to it) or the customer id; any other id is a 403, whether or not it exists. ' +
          'Guest orders placed with the verified email are claimed.',
        security: [{ bearerAuth: [] }],
        params: z.object({ userId: z.string().min(1).max(255) }),
        response: { 200: CustomerRecordSchema, ...errorResponses(CUSTOMER_STATUS, AUTH_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await ownCustomer(db, userOf(request), request.params.userId, options());
      if (!result.ok) throw failureToHttp(result, CUSTOMER_STATUS);
      return result.value;
    },
  );
};
