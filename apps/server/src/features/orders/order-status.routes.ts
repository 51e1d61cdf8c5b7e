/**
 * `PATCH /api/orders/status` (spec 7: orderNumber, status, tracking): the operators' door to the order
 * state machine (issue 15). Operators only: 401 without a valid bearer token, 403 for a customer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderSchema } from '@sunward/core/checkout-schemas';
import { ORDER_STATUSES } from '@sunward/core/order-status';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import { changeOrderStatus, type StatusChangeFailure } from './order-status.service.ts';
import { orderDeps } from './orders.routes.ts';

export const ORDER_STATUS_STATUS: StatusTable<StatusChangeFailure> = {
  not_found: 404,
  illegal_transition: 409,
  tracking_required: 400,
  refund_failed: 502,
  returns_open: 409,
};

const StatusChangeBody = z.object({
  orderNumber: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, 'An order number is letters, digits and dashes.'),
  status: z.enum(ORDER_STATUSES, {
    error: `The status is one of ${ORDER_STATUSES.join(', ')}.`,
  }),
  tracking: z.string().max(60).nullish(),
  carrier: z.string().max(20).nullish(),
  reason: z.string().max(500).nullish(),
});

export const orderStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/orders/status',
    {
      config: { requireOperator: true, multiline: ['reason'] },
      schema: {
        tags: ['orders', 'admin'],
        summary: "Move an order along the state machine (operators only; the console's door)",
        description:
          'Body `{ orderNumber, status, tracking?, carrier?, reason? }`. Allowed for an operator: ' +
          'pending -> in-progress; in-progress -> shipped (carrier usps|ups|fedex|dhl and tracking ' +
          'number required; the customer is emailed the tracking link); shipped -> completed; pending ' +
          'or in-progress -> cancelled (the payment is refunded through the provider, the stock comes ' +
          'back, the customer is emailed); return -> completed. Anything else is 409 with a message ' +
          'naming the allowed changes. The same request again once done answers the order unchanged. ' +
          'Operators only (401 anonymous, 403 customers).',
        security: [{ bearerAuth: [] }],
        body: StatusChangeBody,
        response: {
          200: OrderSchema,
          ...errorResponses(ORDER_STATUS_STATUS, OPERATOR_STATUS),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await changeOrderStatus(
        app.db,
        orderDeps(app),
        operatorOf(request),
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, ORDER_STATUS_STATUS);
      return result.value;
    },
  );
};
