/**
 * Email delivery as jobs (issue 25 item 2, docs/decisions/029): each queued email has an
 * `email.deliver` job, enqueued in the transaction that queues the email, keyed by the outbox id (a
 * Re-send enqueues another with a key of its own). The job engine retries and leases; the outbox row
 * says what happened, so a job that runs again never sends an email twice once it is marked sent.
 *
 * `queueEmail` is called with only a transaction by many features, so the queue is found by the
 * database the transaction belongs to (lib/jobs/per-database.ts).
 */
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { JobQueue, WorkOptions } from '../../lib/jobs/job-queue.ts';
import { PerDatabase } from '../../lib/jobs/per-database.ts';

export const EMAIL_JOB = 'email.deliver';

export interface EmailJobData {
  emailId: string;
}

/**
 * Ten attempts, 30 s then doubling (jittered) up to 20 minutes: at least 91 minutes of trying before an
 * email is given up as failed. A run's lease outlasts nodemailer's timeouts (email-sender.ts).
 */
export const EMAIL_JOB_OPTIONS = {
  maxAttempts: 10,
  backoff: { firstMs: 30_000, maxMs: 20 * 60_000 },
  timeoutMs: 3 * 60_000,
  concurrency: 2,
} satisfies WorkOptions;

const queues = new PerDatabase<JobQueue>('job queue');

/** Makes `queueEmail` on this database enqueue on `jobs` (plugins/providers.ts). */
export function bindEmailJobs(db: Db, jobs: JobQueue): void {
  queues.bind(db, jobs);
}

/** Enqueues the email's delivery in the caller's transaction; false when the key was used. */
export function enqueueDelivery(trx: Db, emailId: string, key = `email:${emailId}`) {
  const jobs = queues.of(trx, 'emails are queued by a built app');
  // A caller outside a transaction (a test, a script) gets the row and the job in two writes.
  return jobs.enqueue(trx as Transaction<Database>, {
    name: EMAIL_JOB,
    data: { emailId } satisfies EmailJobData,
    key,
  });
}
