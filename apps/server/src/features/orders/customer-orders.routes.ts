/**
 * The signed-in customer's orders (issue 13), each with a bearer token (plugins/auth.ts) and each for
 * the token's own customer only:
 * - GET /customers/{userId}/orders?limit&cursor: the order history, newest first, paged;
 * - POST /orders/cancel { orderNumber }: Cancel Order for a pending order, refunded in full.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderSchema } from '@sunward/core/checkout-schemas';
import {
  errorResponses,
  failureToHttp,
  unauthorized,
  type StatusTable,
} from '../../lib/http-errors.ts';
import {
  cancelOwnOrder,
  ORDERS_PAGE,
  ownOrders,
  type OrderHistoryFailure,
} from './customer-orders.service.ts';
import type { CancelFailure } from './order-cancel.service.ts';
import { orderDeps } from './orders.routes.ts';
import { wholeNumberParam } from '@sunward/core/query-numbers';

const HISTORY_STATUS: StatusTable<OrderHistoryFailure> = { forbidden: 403, invalid_cursor: 400 };
const CANCEL_STATUS: StatusTable<CancelFailure> = {
  not_found: 404,
  not_cancellable: 409,
  refund_failed: 502,
};
/** What every route here may answer before its handler runs (plugins/auth.ts). */
const AUTH_STATUS = { unauthorized: 401, invalid_token: 401, auth_unavailable: 503 };

const OrderPageSchema = z.object({
  orders: z.array(OrderSchema),
  nextCursor: z.string().nullable(),
});

/** The token's user; the route's `requireUser` option has made sure there is one. */
function userOf(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const customerOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const options = () => ({ adminEmails: app.config.adminEmails });
  const signedIn = { requireUser: true };

  app.get(
    '/customers/:userId/orders',
    {
      config: signedIn,
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first, a page at a time",
        description:
          'Bearer token required. `userId` is the caller’s user id or customer id, as for ' +
          'GET /customers/{userId}; any other id is a 403. Orders newest first (by creation time, ' +
          'then id); `limit` per page (1 to 50, default 20). `nextCursor` is null on the last page; ' +
          'otherwise pass it back as `cursor` for the next page (an opaque value: a made-up one is a ' +
          '400). Amounts in cents.',
        security: [{ bearerAuth: [] }],
        params: z.object({ userId: z.string().min(1).max(255) }),
        querystring: z.object({
          limit: wholeNumberParam(1, ORDERS_PAGE.max, ORDERS_PAGE.default),
          cursor: z.string().min(1).max(300).optional(),
        }),
        response: { 200: OrderPageSchema, ...errorResponses(HISTORY_STATUS, AUTH_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await ownOrders(
        db,
        userOf(request),
        request.params.userId,
        request.query,
        options(),
      );
      if (!result.ok) throw failureToHttp(result, HISTORY_STATUS);
      return result.value;
    },
  );

  app.post(
    '/orders/cancel',
    {
      config: signedIn,
      schema: {
        tags: ['orders'],
        summary: "Cancel Order: cancel the caller's pending order and refund it in full",
        description:
          'Bearer token required. Only the caller’s own order (anyone else’s answers 404, like an ' +
          'unknown number) and only while it is `pending` (409 `not_cancellable` otherwise, with a ' +
          'message naming the status). Refunds everything not yet refunded through the payment ' +
          'provider, once (one idempotency key per order), gives the stock back, sets the status ' +
          '`cancelled` with an event (actor customer) and emails the customer. Concurrent cancels ' +
          'and an operator’s change queue up on the order: one wins, the payment is refunded at most ' +
          'once. If the provider refuses the refund: 502 `refund_failed`, the order stays pending ' +
          'and nothing is recorded. Answers the cancelled order.',
        security: [{ bearerAuth: [] }],
        body: z.object({
          orderNumber: z
            .string()
            .trim()
            .min(1)
            .max(40)
            .regex(/^[A-Za-z0-9 -]+$/, 'An order number has letters, digits and dashes only.'),
        }),
        response: { 200: OrderSchema, ...errorResponses(CANCEL_STATUS, AUTH_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await cancelOwnOrder(
        db,
        orderDeps(app),
        userOf(request),
        request.body.orderNumber,
        options(),
      );
      if (!result.ok) throw failureToHttp(result, CANCEL_STATUS);
      return result.value;
    },
  );
};
