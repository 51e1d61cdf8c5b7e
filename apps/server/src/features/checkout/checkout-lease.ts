/** Serialises updates of one checkout across processes with a lease on its row. */
import type { Db } from '../../db/database.ts';
import { randomToken } from '../../lib/ids.ts';
import * as repo from './checkout.repository.ts';

/**
 * A lease lives LEASE_MS unless its holder renews it, which a live holder does every third of that. So a
 * holder that crashed (kill -9, a lost machine) holds a checkout for at most LEASE_MS, and a waiter waits
 * a little longer than that before giving up: a shopper's retry after a crash goes through.
 */
export const LEASE_MS = 5_000;
export const LEASE_WAIT_MS = LEASE_MS + 3_000;

/** What `withLease` gives its work: a way to say the lease was already handed back. */
export interface Lease {
  /**
   * The work's own write cleared the lease (repo.updateCheckoutIfVersion hands it back with the
   * update), so there is nothing left to release: one statement fewer.
   */
  handedBack(): void;
}

/**
 * One update of a checkout at a time, across processes: a short lease on the checkout row (no connection
 * held while the provider is called). The version check inside is a second guard.
 */
export async function withLease<T>(
  db: Db,
  checkoutId: string,
  fn: (lease: Lease) => Promise<T>,
): Promise<T | 'busy'> {
  const token = randomToken(12);
  const leaseFrom = (now: number) => ({
    token,
    until: new Date(now + LEASE_MS).toISOString(),
    now: new Date(now).toISOString(),
  });
  const giveUp = Date.now() + LEASE_WAIT_MS;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    const now = Date.now();
    if (await repo.acquireLease(db, checkoutId, leaseFrom(now))) break;
    if (now > giveUp) return 'busy';
    await new Promise((r) => setTimeout(r, delay));
  }
  const renew = setInterval(() => {
    repo.renewLease(db, checkoutId, leaseFrom(Date.now())).catch(() => undefined);
  }, LEASE_MS / 3);
  let handedBack = false;
  try {
    return await fn({ handedBack: () => (handedBack = true) });
  } finally {
    clearInterval(renew);
    if (!handedBack) await repo.releaseLease(db, checkoutId, token);
  }
}
