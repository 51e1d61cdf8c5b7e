import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DataRequestProofSchema,
  DataRequestProvenSchema,
  DataRequestResponseSchema,
  DataRequestSchema,
  REQUEST_RECEIVED,
  SupportRequestSchema,
  SupportResponseSchema,
} from '@sunward/core/support';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { resolveCustomer } from '../customers/customers.api.ts';
import {
  submitDataRequest,
  submitSupportRequest,
  type Sender,
  type SupportDeps,
} from './support.service.ts';
import { proveDataRequestEmail, type ProofFailure } from './data-request-proof.service.ts';
import { supportPersonalData } from './support-personal-data.ts';

/** What the forms may answer besides 200: a bad token (the bearer is optional, a bad one is not). */
const AUTH_STATUS = { unauthorized: 401, invalid_token: 401, auth_unavailable: 503 };

/** Spec 9 has no figure; the issue's: 5 a minute per client, each form its own window. */
const FORM_LIMIT = { max: 5, timeWindow: 60_000 };
/** The proof link's page: a person opens it once or twice; a guesser gets few tries. */
const PROOF_LIMIT = { max: 20, timeWindow: 60_000 };
const PROOF_STATUS: StatusTable<ProofFailure> = { invalid_link: 400, link_expired: 410 };

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Its rows of a person, for the console's export and erasure (lib/personal-data.ts).
  app.personalData.register(supportPersonalData);
  const deps: SupportDeps = { siteUrl: app.config.siteUrl };

  /** A request with an Authorization header is checked as a signed-in one (401 when it fails). */
  const optionalUser = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== undefined) await app.requireUser(request, reply);
  };

  /** The signed-in sender's customer, found or created from the token as the account calls do. */
  const sender = async (request: FastifyRequest): Promise<Sender | null> => {
    if (!request.user) return null;
    const customer = await resolveCustomer(db, request.user, {
      adminEmails: app.config.adminEmails,
    });
    return { customerId: customer.row.id, email: customer.row.email };
  };

  app.post(
    '/support',
    {
      config: { rateLimit: FORM_LIMIT, multiline: ['message'] },
      onRequest: optionalUser,
      schema: {
        tags: ['support'],
        summary: 'Send a message to support (spec 7)',
        description:
          'Body `{ orderNumber?, email?, message }` (message 1 to 5000 characters). Stored for the ' +
          'operators and acknowledged by email (to `email`, else the signed-in sender, else the ' +
          "order's email), which names the order only when it was placed with that address. The " +
          "bearer token is optional: a signed-in sender's customer is recorded; a " +
          'token that is not valid is 401. At most 5 a minute per client (429).',
        body: SupportRequestSchema,
        response: { 200: SupportResponseSchema, ...errorResponses(AUTH_STATUS) },
      },
    },
    async (request) => {
      const { id } = await submitSupportRequest(db, deps, request.body, await sender(request));
      return { id, message: REQUEST_RECEIVED };
    },
  );

  app.post(
    '/support/data-request',
    {
      config: { rateLimit: FORM_LIMIT, multiline: ['message'] },
      onRequest: optionalUser,
      schema: {
        tags: ['support'],
        summary: 'Send a privacy data request (spec 7; California CCPA)',
        description:
          'Body `{ email, message }`. Stored with when it was received and its deadline, 45 calendar ' +
          "days after the shop's date of receipt (`dueBy`, an ISO date), and acknowledged by email " +
          'with that date. Bearer optional as for /support. At most 5 a minute per client (429).',
        body: DataRequestSchema,
        response: { 200: DataRequestResponseSchema, ...errorResponses(AUTH_STATUS) },
      },
    },
    async (request) => {
      const { id, dueBy } = await submitDataRequest(db, deps, request.body, await sender(request));
      return { id, message: REQUEST_RECEIVED, dueBy };
    },
  );

  app.post(
    '/support/data-request/proof',
    {
      config: { rateLimit: PROOF_LIMIT },
      schema: {
        tags: ['support'],
        summary: "Prove a data request's email: the emailed link's token (decision 053)",
        description:
          "The storefront's /data-request/confirm page sends the token of the link emailed with " +
          'the acknowledgement. The request records when its email was proven, the first time ' +
          '(`alreadyProven: true` after, nothing changed). 400 `invalid_link` for a made-up or ' +
          'altered token, 410 `link_expired` past its days. At most 20 a minute per client (429).',
        body: DataRequestProofSchema,
        response: { 200: DataRequestProvenSchema, ...errorResponses(PROOF_STATUS) },
      },
    },
    async (request) => {
      const result = await proveDataRequestEmail(db, request.body.token);
      if (!result.ok) throw failureToHttp(result, PROOF_STATUS);
      return result.value;
    },
  );
};
