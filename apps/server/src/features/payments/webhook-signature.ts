/**
 * Stripe's webhook signature scheme (`Stripe-Signature: t=<unix seconds>,v1=<hex>`), signed and checked
 * with the Stripe SDK's own helpers. Used by the sandbox to sign its events and to verify them.
 */
import Stripe from 'stripe';
import type { WebhookEvent, WebhookVerification } from './payment-provider.ts';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(secret: string, payload: string | Buffer, timestamp: number): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload: typeof payload === 'string' ? payload : payload.toString('utf8'),
    secret,
    timestamp,
  });
}

/** The SDK's first sentence, as the shop's messages are written (one sentence, a full stop). */
function firstSentence(message: string): string {
  const first = message.split(/(?<=\.) |\n/)[0]!.trim();
  return first.endsWith('.') ? first : `${first}.`;
}

export function verifySignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): WebhookVerification {
  if (!header) return { ok: false, message: 'No Stripe-Signature header.' };
  const { signature } = Stripe.webhooks;
  if (!signature) throw new Error('The Stripe SDK has no webhook signature helper.');
  try {
    signature.verifyHeader(
      rawBody,
      header,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      nowSeconds * 1000,
    );
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeSignatureVerificationError)) throw err;
    return { ok: false, message: firstSentence(err.message) };
  }
  // The SDK refuses only old timestamps; one from further ahead than the tolerance is refused too.
  const t = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1]);
  if (t - nowSeconds > SIGNATURE_TOLERANCE_SECONDS) {
    return { ok: false, message: 'Timestamp outside the tolerance zone.' };
  }
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent;
  } catch {
    return { ok: false, message: 'The event is not valid JSON.' };
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data?.object?.id) {
    return { ok: false, message: 'The event has no id, type or object.' };
  }
  return { ok: true, event };
}
