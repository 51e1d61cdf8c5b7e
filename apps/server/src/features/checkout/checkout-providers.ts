/**
 * The checkout's providers as typed decorators: the card processor (Stripe or the sandbox), the USPS
 * address check and rates (API or offline), the email sender, and the sandbox's webhook emitter.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { EmailSender } from '../email/email-sender.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import {
  createPaymentProvider,
  sandboxWebhookSecret,
} from '../payments/create-payment-provider.ts';
import { SandboxWebhookEmitter } from '../payments/sandbox-webhooks.ts';
import { createUspsServices, type UspsServices } from '../usps/usps.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card processor: Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox. */
    payments: PaymentProvider;
    /** Address check and rate quotes: the USPS API when USPS credentials are set, otherwise offline. */
    usps: UspsServices;
    /** Delivers the email outbox (SMTP when SMTP_URL is set, otherwise logged). */
    mailer: EmailSender;
    /** The sandbox's signed webhooks to the shop's own webhook route. */
    sandboxWebhooks: SandboxWebhookEmitter;
  }
}

export async function decorateCheckoutProviders(
  app: FastifyInstance,
  config: Config,
  db: Db,
): Promise<void> {
  // The sandbox signs (emitter) and verifies (provider) its webhooks with one secret per shop.
  const sandboxSecret = await sandboxWebhookSecret(config, db);
  app.decorate(
    'payments',
    createPaymentProvider(config, db, sandboxSecret, () => ({
      siteUrl: config.siteUrl,
      webhooks: app.sandboxWebhooks,
    })),
  );
  app.decorate('usps', createUspsServices(config));

  const mailer = new EmailSender(db, {
    ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
    from: config.mailFrom,
    log: app.log,
  });
  app.decorate('mailer', mailer);

  // Through app.inject: the same parser, signature check and handler as a real delivery.
  const sandboxWebhooks = new SandboxWebhookEmitter(
    sandboxSecret,
    async (payload, signature) =>
      app.inject({
        method: 'POST',
        url: '/api/webhooks/payments',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      }),
    app.log,
  );
  app.decorate('sandboxWebhooks', sandboxWebhooks);

  // Deliver what is queued at start, and retry failed SMTP deliveries every minute.
  let mailRetry: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    mailer.kick();
    if (config.smtpUrl) mailRetry = setInterval(() => mailer.kick(), 60_000).unref();
  });
  app.addHook('preClose', async () => {
    await sandboxWebhooks.drain();
    await mailer.drain();
  });
  app.addHook('onClose', async () => {
    clearInterval(mailRetry);
    mailer.close();
  });
}
