import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (the one a caller sent, the one on record) are equal, in time independent of where
 * they differ (only a difference in length returns early, and a length is no secret).
 */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
