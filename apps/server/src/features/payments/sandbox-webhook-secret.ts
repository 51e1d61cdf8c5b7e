/** The secret the sandbox signs its webhooks with and verifies them by (one per shop). */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { getOrCreateSecret } from '../../lib/app-secrets.ts';

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
