/**
 * The review invitation's link (decision 048): it proves the order, for a guest buyer has no account.
 * The token is the order's id and an expiry, with their HMAC-SHA256 under a secret the shop keeps in
 * the database (shared by every process); it cannot be made for another order, and it lets its holder
 * review that order's designs only, each once (the reviews' unique key makes it single-use per design).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { getOrCreateSecret } from '../../lib/app-secrets.ts';
import { signValue, verifiedValue } from '../../lib/signed-values.ts';

/** How long an invitation's link works (after the email is made). */
export const REVIEW_LINK_DAYS = 90;

export const reviewSecret = (db: Db) =>
  getOrCreateSecret(db, 'review-links', () => randomBytes(32).toString('base64url'));

/** The token for `orderId`, working until `expiresAt` (ms). */
export const reviewToken = (secret: string, orderId: string, expiresAt: number): string =>
  signValue(secret, 'review', `${orderId}:${expiresAt}`);

/** The order a token proves, or null: made-up, altered or expired at `now`. */
export function orderOfReviewToken(secret: string, token: string, now: number): string | null {
  const value = verifiedValue(secret, 'review', token);
  if (value === null) return null;
  const at = value.lastIndexOf(':');
  const expiresAt = Number(value.slice(at + 1));
  if (at < 1 || !Number.isFinite(expiresAt) || expiresAt < now) return null;
  return value.slice(0, at);
}

export const reviewUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/review?token=${encodeURIComponent(token)}`;
