import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerUnorderableRefundJob } from './unorderable-refund.service.ts';
import { registerCustomerCancel } from './order-cancel.service.ts';
import { registerSettleRefundJob } from './order-refunds.service.ts';
import { registerTaxTransactionJob } from './order-tax-record.ts';
import { registerOperatorCancel } from './order-status.service.ts';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CreateOrderRequestSchema, OrderSchema } from '@sunward/core/checkout-schemas';
import {
  errorResponses,
  failureToHttp,
  notFound,
  type StatusTable,
} from '../../lib/http-errors.ts';
import { sameSecret } from '../../lib/same-secret.ts';
import { createOrderForIntent, type CreateOrderFailure, type OrderDeps } from './orders.service.ts';
import { ordersPersonalData } from './orders-personal-data.ts';

/**
 * not_found here is an intent the provider knows but the shop has no checkout for; unavailable: the
 * database is busy or out of reach, nothing was done (the page says to reload). in_progress is the
 * webhook's alone (the success page waits for the order being recorded).
 */
export const CREATE_ORDER_STATUS: StatusTable<CreateOrderFailure> = {
  not_found: 404,
  not_paid: 409,
  refunded: 409,
  refund_failed: 409,
  unavailable: 503,
  in_progress: 503,
};

export function orderDeps(app: Parameters<FastifyPluginAsyncZod>[0]): OrderDeps {
  return {
    payments: app.payments,
    jobs: app.jobs,
    refundCompletions: app.refundCompletions,
    siteUrl: app.config.siteUrl,
    log: app.log,
  };
}

/**
 * The one answer for an unknown intent, a wrong secret and a missing one: nothing tells a caller
 * without the secret whether an intent exists or is paid.
 */
const NOT_FOUND = 'We could not find this payment.';

/** Only the client secret failed validation (missing, empty, too long): answered as a wrong one. */
function onlySecretInvalid(error: unknown): boolean {
  return (
    hasZodFastifySchemaValidationErrors(error) &&
    error.validation.every((issue) => issue.instancePath === '/clientSecret')
  );
}

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Its rows of a person, for the console's export and erasure (lib/personal-data.ts).
  app.personalData.register(ordersPersonalData);
  // A payment that cannot become an order is refunded by a job until it is (unorderable-refund.service.ts).
  registerUnorderableRefundJob(app.jobs, db, () => orderDeps(app));
  // Every refund is claimed, asked of the provider, then recorded; a job finishes what a death left.
  registerSettleRefundJob(app.jobs, db, () => orderDeps(app));
  // A paid order taxed by Stripe Tax is recorded with Stripe (TAX_PROVIDER=stripe).
  registerTaxTransactionJob(app.events, db, () => app.tax);
  registerCustomerCancel(app.refundCompletions, () => app.config.siteUrl);
  registerOperatorCancel(app.refundCompletions, () => app.config.siteUrl);

  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'The order for a paid payment intent (success page): created once, then returned',
        description:
          "Body { paymentIntentId, clientSecret } (the spec's { userId, cart } are accepted and " +
          'ignored: the order comes from the checkout priced on the server). The client secret must ' +
          "be the intent's (the success page reads it from its URL, payment_intent_client_secret); " +
          'an unknown intent, a wrong or a missing secret all get the same 404. The provider must ' +
          'report the intent as succeeded (409 otherwise). A paid intent that cannot become an ' +
          'order, for whatever reason, is refunded once (409 refunded); 503 unavailable when the ' +
          'database is busy or out of reach (nothing done: call again). Repeated and concurrent ' +
          'calls return the same order. Never cached (Cache-Control: no-store).',
        body: CreateOrderRequestSchema,
        response: { 200: OrderSchema, ...errorResponses(CREATE_ORDER_STATUS) },
      },
      // The handler answers a bad clientSecret itself (as a wrong one); other bad input stays a 400.
      attachValidation: true,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.validationError) {
        throw onlySecretInvalid(request.validationError)
          ? notFound(NOT_FOUND)
          : request.validationError;
      }
      const { paymentIntentId, clientSecret } = request.body;
      const intent = await app.payments.retrieve(paymentIntentId);
      if (!intent || !sameSecret(clientSecret, intent.clientSecret)) throw notFound(NOT_FOUND);
      const result = await createOrderForIntent(
        db,
        orderDeps(app),
        paymentIntentId,
        'success-page',
      );
      if (!result.ok) throw failureToHttp(result, CREATE_ORDER_STATUS);
      return result.value.order;
    },
  );
};
