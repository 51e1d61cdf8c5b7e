/**
 * The marketing emails' signed links (decision 044): the unsubscribe token of an address, and the
 * link back to a checkout's bag. Each is the value and its HMAC-SHA256 under a secret the shop keeps in
 * the database (shared by every process); neither expires, and neither can be made for another value.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { getOrCreateSecret } from '../../lib/app-secrets.ts';
import { signValue, verifiedValue } from '../../lib/signed-values.ts';

const SECRET = 'marketing-links';

export const marketingSecret = (db: Db) =>
  getOrCreateSecret(db, SECRET, () => randomBytes(32).toString('base64url'));

/** The unsubscribe token of an address (lower-cased: one token an address). */
export const unsubscribeToken = (secret: string, email: string) =>
  signValue(secret, 'unsubscribe', email.toLowerCase());
export const unsubscribeEmail = (secret: string, token: string) =>
  verifiedValue(secret, 'unsubscribe', token);

/** The token of the link back to a checkout's bag. */
export const bagToken = (secret: string, checkoutId: string) =>
  signValue(secret, 'bag', checkoutId);
export const bagCheckoutId = (secret: string, token: string) => verifiedValue(secret, 'bag', token);
