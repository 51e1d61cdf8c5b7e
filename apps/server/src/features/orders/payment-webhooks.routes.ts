/**
 * POST /api/webhooks/payments: signed events from the payment provider (Stripe, or the sandbox in
 * Stripe's scheme). The raw body is kept for the signature check; a bad signature, or a signed event
 * of a shape the shop does not understand, is a 400 with no side effects.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, HttpError } from '../../lib/http-errors.ts';
import { validationFailed } from '../../lib/validation-messages.ts';
import { handlePaymentEvent } from './payment-events.service.ts';
import { orderDeps } from './orders.routes.ts';

/**
 * What the handler reads from a verified event. A valid signature says who sent the bytes, not that
 * they have this shape; the object id goes into SQL and to the provider, so it must be a plain string.
 */
const PaymentEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.looseObject({ id: z.string().min(1).max(255) }) }),
});

/** bad_signature: nothing was read; retry: not handled yet and not recorded, deliver it again. */
const WEBHOOK_STATUS = { bad_signature: 400, retry: 503 };

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
          'seen, and creates the order on payment_intent.succeeded. 503 when the provider does not ' +
          'show the intent paid yet, or while another request (the success page) is recording the ' +
          'order: the event is not recorded, so its re-delivery is handled.',
        response: {
          200: z.object({ received: z.literal(true), outcome: z.string() }),
          ...errorResponses(WEBHOOK_STATUS),
        },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      const verified = app.payments.verifyWebhook(
        raw,
        typeof header === 'string' ? header : undefined,
      );
      if (!verified.ok) {
        request.log.warn({ reason: verified.message }, 'webhook signature rejected');
        throw new HttpError(
          400,
          `Webhook signature verification failed: ${verified.message}`,
          undefined,
          { code: 'bad_signature' },
        );
      }
      const event = PaymentEventSchema.safeParse(verified.event);
      if (!event.success) {
        request.log.warn({ issues: event.error.issues }, 'webhook event has an unexpected shape');
        throw validationFailed(
          event.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
          'event',
        );
      }
      const outcome = await handlePaymentEvent(app.db, orderDeps(app), event.data);
      if (outcome.handled === 'retry') {
        request.log.warn(
          { event: event.data.id, reason: outcome.message },
          'payment event not handled yet: not recorded',
        );
        throw new HttpError(503, outcome.message, undefined, { code: 'retry' });
      }
      return { received: true as const, outcome: outcome.handled };
    },
  );
};
