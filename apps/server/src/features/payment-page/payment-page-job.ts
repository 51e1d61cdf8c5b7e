/**
 * The payment-page check on the job engine (docs/decisions/029 and 056): once per period
 * (PAYMENT_PAGE_CHECK_EVERY_MS, default hourly) across every process. A check that could not fetch
 * the page fails and is retried with backoff; its run is kept as failed.
 */
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { checkPaymentPage, type CheckDeps } from './payment-page.service.ts';

export const PAYMENT_PAGE_JOB = 'payment-page.check';

/** The check asked of a process whose own server is not listening yet (it fetches the shop). */
export class NotListeningYet extends Error {
  constructor() {
    super('The shop is not listening yet: the payment-page check runs again shortly');
  }
}

/**
 * Declares the check and its schedule (before the queue starts); `deps` read at each run. `listening`
 * says whether this process can be asked for the page: the job engine starts before the server
 * listens, and a new period's check at that moment would find nothing and be kept as failed. It
 * waits for its retry instead, recording nothing (a worker process, which never listens, checks at
 * once).
 */
export function registerPaymentPageCheck(
  jobs: JobQueue,
  db: Db,
  deps: () => CheckDeps,
  everyMs: number,
  listening: () => boolean = () => true,
): void {
  jobs.work(PAYMENT_PAGE_JOB, async () => {
    if (!listening()) throw new NotListeningYet();
    const run = await checkPaymentPage(db, deps(), 'schedule');
    if (run.status === 'failed') throw new Error(`The payment-page check failed (run ${run.id})`);
  });
  if (everyMs > 0) jobs.schedule(PAYMENT_PAGE_JOB, { everyMs });
}
