/**
 * The providers as typed decorators, chosen from the configuration: the card processor (Stripe or the
 * sandbox), the address check and rate quotes (the USPS API or offline), return labels (USPS's returns
 * label API or the embedded sandbox label), sales tax (Stripe Tax or the built-in rates), the email sender, and the sandbox's webhook emitter. Features receive them (`app.payments`, or as arguments to their services)
 * and never construct them. Registered after the database decorators, before the routes (CONVENTIONS 6).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { WorkOptions } from '../lib/jobs/job-queue.ts';
import { EmailSender } from '../features/email/email-sender.ts';
import { emailPersonalData } from '../features/email/email-personal-data.ts';
import type { LabelProvider } from '../features/labels/label-provider.ts';
import { sandboxLabelProvider } from '../features/labels/sandbox-label.provider.ts';
import { createUspsLabelProvider } from '../features/labels/usps-label.provider.ts';
import { createSandboxTrackingProvider } from '../features/tracking/sandbox-tracking.provider.ts';
import type { TrackingProvider } from '../features/tracking/tracking-provider.ts';
import { createUspsTrackingProvider } from '../features/tracking/usps-tracking.provider.ts';
import type { PaymentProvider } from '../features/payments/payment-provider.ts';
import { paymentsPersonalData } from '../features/payments/payments-personal-data.ts';
import { createSandboxProvider } from '../features/payments/sandbox.provider.ts';
import type { SandboxDeps } from '../features/payments/sandbox.service.ts';
import { sandboxWebhookSecret } from '../features/payments/sandbox-webhook-secret.ts';
import { SandboxWebhookEmitter } from '../features/payments/sandbox-webhooks.ts';
import { createStripeProvider } from '../features/payments/stripe.provider.ts';
import { createStripeTaxProvider } from '../features/tax/stripe-tax.provider.ts';
import { builtInTaxProvider, type TaxProvider } from '../features/tax/tax-provider.ts';
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
    /** Return labels: USPS's returns label API when its credentials and account are set, else the sandbox. */
    labels: LabelProvider;
    /** Sales tax: Stripe Tax when TAX_PROVIDER=stripe, otherwise the built-in rates. */
    tax: TaxProvider;
    /** Parcels' scans: USPS's Tracking API when its credentials are set, else the sandbox carrier. */
    tracking: TrackingProvider;
    /** Delivers the email outbox (SMTP when SMTP_URL is set, otherwise logged). */
    mailer: EmailSender;
    /** The sandbox's signed webhooks to the shop's own webhook route, one job per event. */
    sandboxWebhooks: SandboxWebhookEmitter;
  }
}

/** Where Stripe's API is: api.stripe.com, or STRIPE_API_BASE (a test's stand-in). */
function stripeHost(apiBase: string | undefined) {
  if (!apiBase) return {};
  const base = new URL(apiBase);
  return {
    host: base.hostname,
    port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)),
    protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
  };
}

/** Stripe Tax when TAX_PROVIDER=stripe (config makes sure STRIPE_SECRET_KEY is set), else built in. */
function taxProvider(config: Config): TaxProvider {
  const { secretKey, apiBase } = config.stripe;
  if (config.taxProvider === 'stripe' && secretKey) {
    return createStripeTaxProvider({ secretKey, ...stripeHost(apiBase) });
  }
  return builtInTaxProvider;
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
    return createStripeProvider({
      secretKey,
      ...(publishableKey ? { publishableKey } : {}),
      ...(webhookSecret ? { webhookSecret } : {}),
      ...stripeHost(apiBase),
    });
  }
  return createSandboxProvider(app.db, sandboxSecret, sandboxDeps);
}

/** The USPS API client when USPS_CLIENT_ID and USPS_CLIENT_SECRET are set. */
function uspsClient(config: Config): UspsApiClient | undefined {
  const { clientId, clientSecret, baseUrl } = config.usps;
  return clientId && clientSecret
    ? new UspsApiClient({ baseUrl, clientId, clientSecret })
    : undefined;
}

/** The USPS API when its credentials are set, otherwise the offline pair. */
function uspsServices(client: UspsApiClient | undefined): UspsServices {
  if (client) return { verifier: client, quoter: client };
  return { verifier: offlineAddressVerifier, quoter: rateCardQuoter };
}

/**
 * USPS's returns labels when the client and the payment account (USPS_CRID, USPS_MID, USPS_EPS_ACCOUNT)
 * are set, sharing the client's OAuth token; otherwise the embedded sandbox label.
 */
function labelProvider(
  config: Config,
  client: UspsApiClient | undefined,
  app: FastifyInstance,
): LabelProvider {
  const { crid, mid, manifestMid, epsAccount } = config.usps;
  if (client && crid && mid && epsAccount) {
    return createUspsLabelProvider(client, {
      crid,
      mid,
      manifestMid: manifestMid ?? mid,
      epsAccount,
    });
  }
  if (client) {
    app.log.warn(
      'USPS credentials are set without USPS_CRID, USPS_MID and USPS_EPS_ACCOUNT: return labels are sandbox labels',
    );
  }
  return sandboxLabelProvider;
}

/**
 * Needs `app.db`, `app.log`, `app.jobs` and `app.personalData` (payments' and email's parts are
 * registered here); decorates `payments`, `usps`, `labels`, `tracking`, `mailer` and `sandboxWebhooks`.
 */
export async function registerProviders(
  app: FastifyInstance,
  config: Config,
  options: { emailJob?: WorkOptions } = {},
): Promise<void> {
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
  // The sandbox's copy of card details is kept whichever processor serves now (lib/personal-data.ts).
  app.personalData.register(paymentsPersonalData);
  app.decorate('tax', taxProvider(config));
  const usps = uspsClient(config);
  app.decorate('usps', uspsServices(usps));
  app.decorate('labels', labelProvider(config, usps, app));
  app.decorate(
    'tracking',
    usps
      ? createUspsTrackingProvider(usps)
      : createSandboxTrackingProvider(config.tracking.sandboxDayMs),
  );

  // Delivery is a job per email (features/email/email-jobs.ts): retried with backoff, leased.
  const mailer = new EmailSender(db, {
    ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
    from: config.mailFrom,
    log: app.log,
    jobs: app.jobs,
    ...(options.emailJob ? { job: options.emailJob } : {}),
  });
  app.decorate('mailer', mailer);
  app.personalData.register(emailPersonalData);

  // Through app.inject: the same parser, signature check and handler as a real delivery. Each event
  // is a job (features/payments/sandbox-webhooks.ts), declared only with the sandbox as processor.
  // Nothing is drained at shutdown: Fastify refuses inject once closing, and the job engine's stop
  // leaves a delivery still queued, or refused so, in the database for the next process.
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
    app.jobs,
    app.payments.name === 'sandbox',
  );
  app.decorate('sandboxWebhooks', sandboxWebhooks);

  // Emails queued without a job (before the job engine) get one at start (after app.jobs starts).
  app.addHook('onReady', () => mailer.enqueueQueued());
  app.addHook('onClose', async () => {
    mailer.close();
  });
}
