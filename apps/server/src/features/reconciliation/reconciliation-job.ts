/**
 * The daily reconciliation on the job engine (docs/decisions/029 and 038): once a day across every
 * process, one run over the last three days (runs overlap; findings are once per payment).
 */
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { reconcile, type ReconcileDeps } from './reconciliation.service.ts';

export const RECONCILIATION_JOB = 'reconciliation.daily';
export const RECONCILIATION_EVERY_MS = 24 * 60 * 60_000;

/** Declares the run and its schedule (before the queue starts); `deps` read at each run. */
export function registerReconciliation(
  jobs: JobQueue,
  db: Db,
  deps: () => ReconcileDeps,
  everyMs = RECONCILIATION_EVERY_MS,
): void {
  jobs.work(RECONCILIATION_JOB, async () => {
    const run = await reconcile(db, deps(), { startedBy: 'schedule' });
    // Failed (the processor out of reach): the job engine asks again with backoff.
    if (run.status === 'failed') throw new Error(`Reconciliation failed: ${run.error ?? ''}`);
  });
  jobs.schedule(RECONCILIATION_JOB, { everyMs });
}
