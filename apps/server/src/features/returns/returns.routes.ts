/**
 * POST /orders/return (spec 7): submit a return of an order, signed in (bearer token: the caller's own
 * order) or as a guest (the order's email). Every rule is decided on the server (returns.service).
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderSchema, ReturnItemSchema } from '@sunward/core/checkout-schemas';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { ORDER_PROOF_TRIES, orderProofKey } from '../../lib/order-proof-limit.ts';
import type { ReturnFailure } from './return-policy.ts';
import { submitReturn } from './returns.service.ts';
import { returnsPersonalData } from './returns-personal-data.ts';

const RETURN_STATUS: StatusTable<ReturnFailure> = {
  not_found: 404,
  not_returnable: 409,
  invalid_return: 422,
  unavailable: 503,
};
/** What a request with a bearer token may answer before the service runs (plugins/auth.ts). */
const AUTH_STATUS = { unauthorized: 401, invalid_token: 401, auth_unavailable: 503 };

/**
 * A guest proves the order with its email, as on the order lookup: at most this many tries a minute at
 * one order number from one client, the lookup's tries included (lib/order-proof-limit.ts), so the
 * route cannot be used to guess an order's email, nor a stranger's guesses keep its owner out.
 */
export const GUEST_TRIES_PER_MINUTE = ORDER_PROOF_TRIES.max;
export const TOO_MANY_TRIES = 'Too many tries. Please wait a minute and try again.';

export const ReturnRequestSchema = z.object({
  order: z.object({
    orderNumber: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9 -]+$/, 'An order number has letters, digits and dashes only.'),
    email: z.string().trim().max(254).optional(),
  }),
  products: z.array(ReturnItemSchema).max(1000),
  orderProductCount: z.number().int().min(0).max(100_000),
});

const DESCRIPTION = [
  'Bearer token optional. With one, the order must be the caller’s own; without one, `order.email` must ' +
    'be the order’s email (any case). An unknown number, a wrong email and someone else’s order all ' +
    "answer the same 404 `{ code: 'not_found', message: 'No order found.' }`.",
  'Units: an order’s units are its items in line order, each line expanded by its quantity, numbered ' +
    'from 0; a return item’s `itemId` is that number. The first return’s form covers every unit; a ' +
    'later one covers the units kept (returnType Keep) on the latest return. A unit of the form that is ' +
    'not sent is kept. `design`, `size`, `position`, `productCost` and `productId` are taken from the ' +
    'order (what is sent there is not used). `orderProductCount` must be the order’s unit count.',
  '409 `not_returnable`: the order is not completed or return, its return window has closed (15 days ' +
    'from updatedAt; bought Nov 15 to Dec 24: until Jan 15), its latest return kept nothing, or it is ' +
    'the replacement of an exchange. 422 `invalid_return`: a unit not in the order, on the form twice ' +
    'or already returned or exchanged; no Refund or Exchange unit (`Choose at least one product`); a ' +
    'Refund or Exchange unit without a reason (`Choose a return type and reason for all selected ' +
    'products`); an Exchange on a return after the first; an Exchange without a new size and position ' +
    '(`Choose a new size and position for all selected products to be exchanged.`), to the same size ' +
    'and position, or to a size out of stock; a wrong `orderProductCount`.',
  'Money (cents): refundAmount = the Refund units’ cost + their shares of the sales tax (the tax split ' +
    'over all units of the order, the odd cents to the first units) − shippingFee, never below 0. ' +
    'shippingFee is 0 on the order’s first return; after it, the ground base price between ' +
    'settings.companyZipCode and the order’s shipping ZIP for the units sent back (Refund and Exchange), ' +
    'as POST /api/usps/prices/{companyZipCode}/{zip}?quantity={units} quotes it (503 `unavailable` if ' +
    'the postal service cannot price it). Exchange units refund nothing; each makes a line of a ' +
    'replacement order (no payment, total 0) whose new size is taken from stock. Nothing is charged or ' +
    'refunded here: the refund is paid once the shirts arrive.',
  'On success the order moves completed -> return (one already in return stays), an event is logged, ' +
    "the 'return requested' email is queued, and the answer is the order (status return, the new " +
    'record last in `returns`; its `id` is the return’s public id). Concurrent submits make one return. ' +
    'Never cached.',
  `Without a bearer token, more than ${GUEST_TRIES_PER_MINUTE} tries a minute at one order number ` +
    'from one client (its Order Lookups counted too) answer 429 ' +
    `\`{ code: 'rate_limited', message: '${TOO_MANY_TRIES}' }\`.`,
].join('\n\n');

export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Its rows of a person, for the console's export and erasure (lib/personal-data.ts).
  app.personalData.register(returnsPersonalData);
  type Body = z.infer<typeof ReturnRequestSchema>;
  // A guest proves the order with its email: counted per order number and client in the lookup's
  // window, so this route buys no guesses past the lookup's. Signed-in callers are not counted.
  const perOrderAndClient = app.keyedRateLimit({
    ...ORDER_PROOF_TRIES,
    key: (request) => orderProofKey((request.body as Body).order.orderNumber, request.ip),
    message: TOO_MANY_TRIES,
  });
  const guestTries: preHandlerAsyncHookHandler = async function (request, reply) {
    if (request.headers.authorization === undefined)
      await perOrderAndClient.call(this, request, reply);
  };

  app.post(
    '/orders/return',
    {
      preHandler: guestTries,
      schema: {
        tags: ['orders'],
        summary: 'Submit a return or exchange of an order (signed in, or with the order’s email)',
        description: DESCRIPTION,
        security: [{ bearerAuth: [] }, {}],
        body: ReturnRequestSchema,
        response: { 200: OrderSchema, ...errorResponses(RETURN_STATUS, AUTH_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // A bearer token, if sent, must be valid (401 otherwise): it names the caller.
      if (request.headers.authorization !== undefined) await app.requireUser(request, reply);
      const result = await submitReturn(
        db,
        { usps: app.usps, siteUrl: app.config.siteUrl },
        { user: request.user, options: { adminEmails: app.config.adminEmails } },
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, RETURN_STATUS);
      return result.value;
    },
  );
};
