/** Serialises updates of one checkout across processes with a lease on its row. */
import type { Db } from '../../db/database.ts';
import { randomToken } from '../../lib/ids.ts';
import * as repo from './checkout.repository.ts';

const LEASE_MS = 30_000;
const LEASE_WAIT_MS = 10_000;

/**
 * One update of a checkout at a time, across processes: a short lease on the checkout row (no connection
 * held while the provider is called). The version check inside is a second guard.
 */
export async function withLease<T>(
  db: Db,
  checkoutId: string,
  fn: () => Promise<T>,
): Promise<T | 'busy'> {
  const token = randomToken(12);
  const giveUp = Date.now() + LEASE_WAIT_MS;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    const now = Date.now();
    const lease = {
      token,
      until: new Date(now + LEASE_MS).toISOString(),
      now: new Date(now).toISOString(),
    };
    if (await repo.acquireLease(db, checkoutId, lease)) break;
    if (now > giveUp) return 'busy';
    await new Promise((r) => setTimeout(r, delay));
  }
  try {
    return await fn();
  } finally {
    await repo.releaseLease(db, checkoutId, token);
  }
}
