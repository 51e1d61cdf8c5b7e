/**
 * Rate-limit windows in the database that have ended are deleted by a schedule (issue 25 item 2,
 * docs/decisions/029) rather than a timer in every process: once per period across all of them, the
 * windows that ended by the period's start. Redis expires its own windows, so there is none there.
 */
import type { JobQueue } from '../lib/jobs/job-queue.ts';
import type { PeriodData } from '../lib/jobs/job-schedules.ts';
import type { SharedWindows } from '../lib/rate-limiter.ts';

export const RATE_WINDOW_SWEEP_JOB = 'rate-limits.sweep';

/** Declares the sweep and its schedule on `jobs` (before the queue starts). */
export function registerRateWindowSweep(
  jobs: JobQueue,
  windows: SharedWindows,
  everyMs: number,
): void {
  // Deleting what ended by a fixed time is idempotent: a run again deletes nothing more.
  jobs.work<PeriodData>(RATE_WINDOW_SWEEP_JOB, async ({ data }) => {
    await windows.sweep(Date.parse(data.periodStart));
  });
  jobs.schedule(RATE_WINDOW_SWEEP_JOB, { everyMs });
}
