/**
 * Stripe's webhook signature scheme: header `Stripe-Signature: t=<unix seconds>,v1=<hex>` where
 * v1 = HMAC-SHA256(secret, `${t}.${rawBody}`). Used by the sandbox to sign and to verify.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent, WebhookVerification } from './payment-provider.ts';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(secret: string, payload: string | Buffer, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export function verifySignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): WebhookVerification {
  if (!header) return { ok: false, message: 'No Stripe-Signature header.' };
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string | undefined]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(t) || signatures.length === 0) {
    return { ok: false, message: 'Unable to extract timestamp and signatures from header.' };
  }
  const expected = Buffer.from(signPayload(secret, rawBody, t).split('v1=')[1]!, 'hex');
  const match = signatures.some((sig) => {
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!match) {
    return {
      ok: false,
      message: 'No signatures found matching the expected signature for payload.',
    };
  }
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) {
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
