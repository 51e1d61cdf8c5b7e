/** Picks the payment provider: Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox. */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { SandboxDeps } from './sandbox.service.ts';
import { createSandboxProvider } from './sandbox.provider.ts';
import { createStripeProvider } from './stripe.provider.ts';

export function createPaymentProvider(
  config: Config,
  db: Db,
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
  return createSandboxProvider(db, config.sandboxWebhookSecret, sandboxDeps);
}
