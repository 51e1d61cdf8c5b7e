/** Picks the payment provider: Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox. */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { getOrCreateSecret } from '../../lib/app-secrets.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { SandboxDeps } from './sandbox.service.ts';
import { createSandboxProvider } from './sandbox.provider.ts';
import { createStripeProvider } from './stripe.provider.ts';

/** The sandbox's webhook signing secret's name in app_secrets. */
export const SANDBOX_WEBHOOK_SECRET_NAME = 'sandbox-webhook-secret';

/**
 * The secret the sandbox signs its webhooks with and verifies them by: SANDBOX_WEBHOOK_SECRET, or else
 * one made at random on the shop's first start and kept in its database, so every process shares it.
 * Never a value from the source, which anyone could use to sign events.
 */
export async function sandboxWebhookSecret(config: Config, db: Db): Promise<string> {
  return (
    config.sandboxWebhookSecret ??
    getOrCreateSecret(
      db,
      SANDBOX_WEBHOOK_SECRET_NAME,
      () => `whsec_${randomBytes(32).toString('base64url')}`,
    )
  );
}

export function createPaymentProvider(
  config: Config,
  db: Db,
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
  return createSandboxProvider(db, sandboxSecret, sandboxDeps);
}
