/**
 * POST /api/webhooks/payments: signed events from the payment provider (Stripe, or the sandbox in
 * Stripe's scheme). The raw body is kept for the signature check; a bad signature is a 400 with no
 * side effects.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@sunward/core/schemas';
import { handlePaymentEvent } from './payment-events.service.ts';
import { orderDeps } from './orders.routes.ts';

export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this scope only: JSON arrives as raw bytes (the signature covers the exact bytes).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhooks/payments',
    {
      // Its own, generous bucket: the provider (and the in-process sandbox) send from few addresses.
      config: { rateLimit: { max: 100_000 } },
      schema: {
        tags: ['payments'],
        summary: 'Payment provider webhook (Stripe-Signature: t=...,v1=HMAC-SHA256)',
        description:
          'Verifies the signature (sandbox secret, or STRIPE_WEBHOOK_SECRET), ignores events already ' +
          'seen, and creates the order on payment_intent.succeeded.',
        response: {
          200: z.object({ received: z.literal(true), outcome: z.string() }),
          400: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      const verified = app.payments.verifyWebhook(
        raw,
        typeof header === 'string' ? header : undefined,
      );
      if (!verified.ok) {
        request.log.warn({ reason: verified.message }, 'webhook signature rejected');
        return reply
          .status(400)
          .send({ message: `Webhook signature verification failed: ${verified.message}` });
      }
      const outcome = await handlePaymentEvent(app.db, orderDeps(app), verified.event);
      return { received: true as const, outcome: outcome.handled };
    },
  );
};
