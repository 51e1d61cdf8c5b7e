/**
 * The CSP reports' retention (decision 056): a kind of report not seen for CSP_REPORTS_KEEP_DAYS is
 * deleted, once a day across every process (deleting what was last seen before a fixed time is safe
 * to run twice).
 */
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { PeriodData } from '../../lib/jobs/job-schedules.ts';
import { purgeReports } from './csp-reports.repository.ts';

export const CSP_REPORTS_PURGE_JOB = 'csp-reports.purge';
export const CSP_REPORTS_KEEP_DAYS = 30;
const DAY_MS = 86_400_000;

export function registerCspReportsPurge(jobs: JobQueue, db: Db): void {
  jobs.work<PeriodData>(CSP_REPORTS_PURGE_JOB, async ({ data }) => {
    const before = new Date(Date.parse(data.periodStart) - CSP_REPORTS_KEEP_DAYS * DAY_MS);
    await purgeReports(db, before.toISOString());
  });
  jobs.schedule(CSP_REPORTS_PURGE_JOB, { everyMs: DAY_MS });
}
