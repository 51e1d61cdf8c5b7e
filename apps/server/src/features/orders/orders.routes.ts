import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@sunward/core/schemas';
import { CreateOrderRequestSchema, OrderSchema } from '@sunward/core/checkout-schemas';
import { HttpError } from '../../lib/http-errors.ts';
import { createOrderForIntent, type CreateOrderResult, type OrderDeps } from './orders.service.ts';

const STATUS: Record<Extract<CreateOrderResult, { ok: false }>['reason'], number> = {
  not_found: 404,
  not_paid: 409,
  refunded: 409,
  refund_failed: 409,
};

export function orderDeps(app: Parameters<FastifyPluginAsyncZod>[0]): OrderDeps {
  return {
    payments: app.payments,
    mailer: app.mailer,
    siteUrl: app.config.siteUrl,
    log: app.log,
  };
}

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'The order for a paid payment intent (success page): created once, then returned',
        description:
          "Body { paymentIntentId } (the spec's { userId, cart } are accepted and ignored: the order " +
          'comes from the checkout priced on the server). The provider must report the intent as ' +
          'succeeded (409 otherwise). Repeated and concurrent calls return the same order.',
        body: CreateOrderRequestSchema,
        response: {
          200: OrderSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          422: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const result = await createOrderForIntent(
        db,
        orderDeps(app),
        request.body.paymentIntentId,
        'success-page',
      );
      if (!result.ok) {
        throw new HttpError(STATUS[result.reason], result.message, undefined, {
          code: result.reason,
        });
      }
      return result.order;
    },
  );
};
