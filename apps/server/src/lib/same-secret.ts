import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (the one a caller sent, the one on record) are equal, in time independent of where
 * they differ (only a difference in length returns early, and a length is no secret).
 */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Whether two texts are equal, in time independent of both their contents and their lengths: their
 * SHA-256 digests are compared (for values whose length says something, such as an email).
 */
export function sameDigest(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
