/**
 * The link that proves a data request's email (issue 30; decision 053): emailed to the address the
 * request gave, it shows that whoever sent the request reads that mailbox. The token is the request's
 * id and an expiry with their HMAC-SHA256 (lib/signed-values.ts) under a secret the shop keeps in the
 * database (shared by every process): it cannot be made for another request nor made to last longer.
 */
import { randomBytes } from 'node:crypto';
import { DATA_REQUEST_PROOF_DAYS } from '@sunward/core/support';
import type { Db } from '../../db/database.ts';
import { getOrCreateSecret } from '../../lib/app-secrets.ts';
import { signValue, verifiedValue } from '../../lib/signed-values.ts';

const PURPOSE = 'data-request-email';
const DAY = 86_400_000;

export const dataRequestSecret = (db: Db) =>
  getOrCreateSecret(db, 'data-request-links', () => randomBytes(32).toString('base64url'));

/** The token for request `id`, working DATA_REQUEST_PROOF_DAYS from `now` (ms). */
export const proofToken = (secret: string, id: string, now: number): string =>
  signValue(secret, PURPOSE, `${id}:${now + DATA_REQUEST_PROOF_DAYS * DAY}`);

/**
 * The request a token names, `expired` when it is past its time at `now`, or null: made-up or
 * altered. An expired token still names its request (to say it was proven already), proving nothing.
 */
export function requestOfProofToken(
  secret: string,
  token: string,
  now: number,
): { id: string; expired: boolean } | null {
  const value = verifiedValue(secret, PURPOSE, token);
  if (value === null) return null;
  const at = value.lastIndexOf(':');
  const expiresAt = Number(value.slice(at + 1));
  if (at < 1 || !Number.isFinite(expiresAt)) return null;
  return { id: value.slice(0, at), expired: expiresAt < now };
}

export const proofUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/data-request/confirm?token=${encodeURIComponent(token)}`;
