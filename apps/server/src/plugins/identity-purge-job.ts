/**
 * The built-in provider's expired rows (oidc_payloads: sessions, codes, tokens; account_logins) are
 * deleted by a schedule (issue 25 item 2, docs/decisions/029) rather than a timer in every process:
 * once per period across all of them, whatever expired by the period's start.
 */
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../lib/jobs/job-queue.ts';
import type { PeriodData } from '../lib/jobs/job-schedules.ts';
import { purgeExpired } from '../features/identity/oidc-adapter.ts';
import { purgeExpiredLogins } from '../features/identity/account-sessions.ts';

export const IDENTITY_PURGE_JOB = 'identity.purge-expired';
export const IDENTITY_PURGE_EVERY_MS = 10 * 60_000;

/** Declares the purge and its schedule on `jobs` (before the queue starts). */
export function registerIdentityPurge(jobs: JobQueue, db: Db): void {
  // Deleting what expired by a fixed time is idempotent: a run again deletes nothing more.
  jobs.work<PeriodData>(IDENTITY_PURGE_JOB, async ({ data }) => {
    const at = new Date(data.periodStart);
    await Promise.all([purgeExpired(db, at), purgeExpiredLogins(db, at)]);
  });
  jobs.schedule(IDENTITY_PURGE_JOB, { everyMs: IDENTITY_PURGE_EVERY_MS });
}
