/**
 * The providers as typed decorators, chosen from the configuration: the card processor (Stripe or the
 * sandbox), the address check and rate quotes (the USPS API or offline), the email sender, and the
 * sandbox's webhook emitter. Features receive them (`app.payments`, or as arguments to their services)
 * and never construct them. Registered after the database decorators, before the routes (CONVENTIONS 6).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { EmailSender } from '../features/email/email-sender.ts';
import type { PaymentProvider } from '../features/payments/payment-provider.ts';
import { createSandboxProvider } from '../features/payments/sandbox.provider.ts';
import type { SandboxDeps } from '../features/payments/sandbox.service.ts';
import { sandboxWebhookSecret } from '../features/payments/sandbox-webhook-secret.ts';
import { SandboxWebhookEmitter } from '../features/payments/sandbox-webhooks.ts';
import { createStripeProvider } from '../features/payments/stripe.provider.ts';
import { offlineAddressVerifier } from '../features/usps/offline-address-verifier.ts';
import { rateCardQuoter } from '../features/usps/rate-card-quoter.ts';
import { UspsApiClient } from '../features/usps/usps-api.client.ts';
import type { UspsServices } from '../features/usps/usps.types.ts';

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

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox (over the shop's own database). */
function paymentProvider(
  config: Config,
  app: FastifyInstance,
  sandboxSecret: string,
  sandboxDeps: () => SandboxDeps,
): PaymentProvider {
  const { secretKey, publishableKey, webhookSecret, apiBase } = config.stripe;
  if (secretKey) {
    const base = apiBase ? new URL(apiBase) : undefined;
    return createStripeProvider({
      secretKey,
      ...(publishableKey ? { publishableKey } : {}),
      ...(webhookSecret ? { webhookSecret } : {}),
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)),
            protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
          }
        : {}),
    });
  }
  return createSandboxProvider(app.db, sandboxSecret, sandboxDeps);
}

/** The USPS API when USPS_CLIENT_ID and USPS_CLIENT_SECRET are set, otherwise the offline pair. */
function uspsServices(config: Config): UspsServices {
  const { clientId, clientSecret, baseUrl } = config.usps;
  if (clientId && clientSecret) {
    const client = new UspsApiClient({ baseUrl, clientId, clientSecret });
    return { verifier: client, quoter: client };
  }
  return { verifier: offlineAddressVerifier, quoter: rateCardQuoter };
}

/** Needs `app.db` and `app.log`; decorates `payments`, `usps`, `mailer` and `sandboxWebhooks`. */
export async function registerProviders(app: FastifyInstance, config: Config): Promise<void> {
  const db = app.db;
  // The sandbox signs (emitter) and verifies (provider) its webhooks with one secret per shop.
  const sandboxSecret = await sandboxWebhookSecret(config, db);
  app.decorate(
    'payments',
    paymentProvider(config, app, sandboxSecret, () => ({
      siteUrl: config.siteUrl,
      webhooks: app.sandboxWebhooks,
    })),
  );
  app.decorate('usps', uspsServices(config));

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
