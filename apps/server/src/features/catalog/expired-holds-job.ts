/**
 * Expired stock holds are deleted by a schedule (issue 25 item 2, docs/decisions/029). A hold past
 * its expiry no longer counts against stock (heldByOthers), but nothing removed the rows of checkouts
 * that were abandoned, so the table only grew. Once per period across every process, the holds that
 * expired by the period's start go, except those of a checkout that became an order or is being
 * refunded (their own transactions settle them).
 */
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { PeriodData } from '../../lib/jobs/job-schedules.ts';
import * as repo from './catalog.repository.ts';

export const EXPIRED_HOLDS_JOB = 'stock.expired-holds';

/** A minute: a hold lasts 15 to 30 (RESERVATION_MS), so a row outlives its expiry by a minute at most. */
export const EXPIRED_HOLDS_EVERY_MS = 60_000;

/**
 * Declares the purge and its schedule on `jobs` (before the queue starts), every `everyMs` (a test's
 * shorter period: config.testStockHolds).
 */
export function registerExpiredHoldsPurge(
  jobs: JobQueue,
  db: Db,
  everyMs = EXPIRED_HOLDS_EVERY_MS,
): void {
  // Deleting what expired by a fixed time is idempotent: a run again deletes nothing more.
  jobs.work<PeriodData>(EXPIRED_HOLDS_JOB, async ({ data }) => {
    await repo.deleteExpiredReservations(db, data.periodStart);
  });
  jobs.schedule(EXPIRED_HOLDS_JOB, { everyMs });
}
