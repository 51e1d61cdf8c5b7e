/**
 * The marketing emails' signed links (decision 044): the unsubscribe token of an address, and the
 * link back to a checkout's bag. Each is the value and its HMAC-SHA256 under a secret the shop keeps in
 * the database (shared by every process); neither expires, and neither can be made for another value.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { getOrCreateSecret } from '../../lib/app-secrets.ts';
import { sameSecret } from '../../lib/same-secret.ts';

const SECRET = 'marketing-links';

export const marketingSecret = (db: Db) =>
  getOrCreateSecret(db, SECRET, () => randomBytes(32).toString('base64url'));

const mac = (secret: string, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');

function sign(secret: string, purpose: string, value: string): string {
  return `${Buffer.from(value).toString('base64url')}.${mac(secret, purpose, value)}`;
}

function verify(secret: string, purpose: string, token: string): string | null {
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return null;
  const value = Buffer.from(encoded, 'base64url').toString();
  return sameSecret(signature, mac(secret, purpose, value)) ? value : null;
}

/** The unsubscribe token of an address (lower-cased: one token an address). */
export const unsubscribeToken = (secret: string, email: string) =>
  sign(secret, 'unsubscribe', email.toLowerCase());
export const unsubscribeEmail = (secret: string, token: string) =>
  verify(secret, 'unsubscribe', token);

/** The token of the link back to a checkout's bag. */
export const bagToken = (secret: string, checkoutId: string) => sign(secret, 'bag', checkoutId);
export const bagCheckoutId = (secret: string, token: string) => verify(secret, 'bag', token);
