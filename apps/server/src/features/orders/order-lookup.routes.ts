/**
 * Order Lookup (spec 2 and 7), no sign-in: the order for its number and the email it was placed with.
 * - POST /orders/lookup { orderNumber, email }: what the storefront calls (the email stays out of URLs,
 *   and so out of access logs and browser history);
 * - GET /orders/lookup/{orderNumber}/{email}: the spec's form of the same call.
 * An unknown number and a wrong email get the same 404, byte for byte. More than 10 tries a minute from
 * one client (both forms together), or at one order number from one client (the guest return's tries
 * counted too: lib/order-proof-limit.ts), get a 429. Tries at an order from one client never hold back
 * its owner at another address.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderSchema } from '@sunward/core/checkout-schemas';
import {
  errorResponses,
  failureToHttp,
  HttpError,
  type StatusTable,
} from '../../lib/http-errors.ts';
import { ORDER_PROOF_TRIES, orderProofKey } from '../../lib/order-proof-limit.ts';
import { lookupOrder, type LookupFailure } from './order-lookup.service.ts';

const LOOKUP_STATUS: StatusTable<LookupFailure> = { not_found: 404 };

/** Tries allowed per client in a window, and the window (ms). */
export const LOOKUP_TRIES = { max: 10, timeWindow: 60_000 } as const;
export const TOO_MANY_TRIES = 'Too many tries. Please wait a minute and try again.';

const LookupSchema = z.object({
  orderNumber: z
    .string()
    .trim()
    .min(1)
    .max(40)
    // Anything else (a NUL byte, punctuation) names no order and never reaches the database.
    .regex(/^[A-Za-z0-9 -]+$/, 'An order number has letters, digits and dashes only.')
    .describe('As printed on the confirmation; case, dashes and spaces do not matter'),
  email: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .describe('The email the order was placed with, in any case'),
});

const DESCRIPTION =
  'No sign-in: the number and the email are the proof. Answers the order (returns included, oldest ' +
  'first; amounts in cents). An unknown number and a wrong email both answer the same 404 ' +
  '`{ code: "not_found", message: "No order found." }`; the email is compared case-insensitively in ' +
  'constant time. More than 10 tries a minute from one client (the POST and GET forms counted ' +
  'together), or at one order number from one client (guest returns of it counted too), answer 429 ' +
  '`rate_limited` with Retry-After. Never cached (Cache-Control: no-store).';

/** The window a try counts in: the body's (POST) or the path's (GET) order number, and the client. */
function triedOrder(request: FastifyRequest): string {
  const source = (request.method === 'GET' ? request.params : request.body) as {
    orderNumber: string;
  };
  return orderProofKey(source.orderNumber, request.ip);
}

export const orderLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tooManyTries = () =>
    new HttpError(429, TOO_MANY_TRIES, undefined, { code: 'rate_limited' });
  // Per client: the route-level limit, one window for both forms (their groupId).
  const perClient = {
    rateLimit: { ...LOOKUP_TRIES, groupId: 'order-lookup', errorResponseBuilder: tooManyTries },
  };
  // Per order number and client, the guest return's tries too: counted once the request is valid.
  const perOrderAndClient = app.keyedRateLimit({
    ...ORDER_PROOF_TRIES,
    key: triedOrder,
    message: TOO_MANY_TRIES,
  });
  const responses = { 200: OrderSchema, ...errorResponses(LOOKUP_STATUS) };

  app.post(
    '/orders/lookup',
    {
      config: perClient,
      preHandler: perOrderAndClient,
      schema: {
        tags: ['orders'],
        summary: 'Order Lookup: the order for its number and email (what the storefront calls)',
        description: DESCRIPTION,
        body: LookupSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await lookupOrder(db, request.body);
      if (!result.ok) throw failureToHttp(result, LOOKUP_STATUS);
      return result.value;
    },
  );

  app.get(
    '/orders/lookup/:orderNumber/:email',
    {
      config: perClient,
      preHandler: perOrderAndClient,
      schema: {
        tags: ['orders'],
        summary: 'Order Lookup, the spec’s GET form: the order for its number and email',
        description: `${DESCRIPTION} The email travels in the URL here: prefer the POST form.`,
        params: LookupSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await lookupOrder(db, request.params);
      if (!result.ok) throw failureToHttp(result, LOOKUP_STATUS);
      return result.value;
    },
  );
};
