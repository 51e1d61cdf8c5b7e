/**
 * A use held for a checkout whose shopper never finished paying (a card check left open, a tab
 * closed after Place Order) is given back by a schedule: otherwise a code with one use left would
 * look used up to everyone until that checkout was priced again. Once per period across every
 * process, every use held longer than STALE_HOLD_MS by the period's start is released (each by its
 * conditional `held -> released`, the code's count lowered with it, in one transaction). A payment
 * that completes later takes a use again in its order's transaction, or is refunded whole when none
 * is left (decision 042): the shopper is never charged a price that was not shown.
 */
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { PeriodData } from '../../lib/jobs/job-schedules.ts';
import { nowIso } from '../../lib/ids.ts';
import * as repo from './discounts.repository.ts';

export const STALE_HOLDS_JOB = 'discounts.stale-holds';

/** Longer than the card check and the stock hold (15 to 30 minutes) it sits beside. */
export const STALE_HOLD_MS = 60 * 60_000;
export const STALE_HOLDS_EVERY_MS = 10 * 60_000;

/** Gives back every use held since before `before`; answers how many. Run again, it finds none. */
export async function releaseStaleHolds(db: Db, before: string): Promise<number> {
  let released = 0;
  for (const held of await repo.heldSince(db, before)) {
    const gaveBack = await db.transaction().execute(async (trx) => {
      const done = await repo.updateRedemptionIfStatus(trx, held.id, 'held', {
        status: 'released',
        updated_at: nowIso(),
      });
      if (done) await repo.giveUseBack(trx, held.code_id);
      return done;
    });
    if (gaveBack) released++;
  }
  return released;
}

export function registerStaleHoldRelease(
  jobs: JobQueue,
  db: Db,
  everyMs = STALE_HOLDS_EVERY_MS,
): void {
  jobs.work<PeriodData>(STALE_HOLDS_JOB, async ({ data }) => {
    await releaseStaleHolds(
      db,
      new Date(Date.parse(data.periodStart) - STALE_HOLD_MS).toISOString(),
    );
  });
  jobs.schedule(STALE_HOLDS_JOB, { everyMs });
}
