/**
 * The console's jobs screen (issue 25: "failed jobs kept and visible", docs/decisions/029): every kind
 * of job with its counts, the failed ones newest first with what they were for, and Retry, which gives
 * a failed job one more attempt (the engine's `retry`).
 */
import { FAILED_JOBS_MAX, type JobKind, type JobsOverview } from '@sunward/core/console-jobs';
import type { RetryJobAnswer } from '@sunward/core/console-jobs';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { hideOneTimeLinks } from '../email/email.api.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import { aboutJob, JOB_KINDS, kindOf } from './job-kinds.ts';

type Jobs = Pick<JobQueue, 'counts' | 'listFailed' | 'retry'>;

// A job's error is whatever its handler threw: a one-time link quoted in it is hidden like the outbox's.
const shown = (text: string) => hideOneTimeLinks('', text);

export async function jobsOverview(db: Db, jobs: Jobs, limit: number): Promise<JobsOverview> {
  const [counts, failed] = await Promise.all([
    jobs.counts(),
    jobs.listFailed({ limit: Math.min(limit, FAILED_JOBS_MAX) }),
  ]);
  const others = Object.keys(counts)
    .filter((name) => !(name in JOB_KINDS))
    .sort();
  const kinds: JobKind[] = [...Object.keys(JOB_KINDS), ...others].map((name) => ({
    name,
    ...kindOf(name),
    queued: counts[name]?.queued ?? 0,
    running: counts[name]?.running ?? 0,
    failed: counts[name]?.failed ?? 0,
  }));
  const described = [];
  // One after another: SQLite has one connection, and a page holds at most FAILED_JOBS_MAX.
  for (const job of failed) {
    const { about, target } = await aboutJob(db, job.name, job.data);
    described.push({
      id: job.id,
      name: job.name,
      label: kindOf(job.name).label,
      attempts: job.attempts,
      error: shown(job.error),
      failedAt: job.failedAt,
      about: shown(about),
      target,
    });
  }
  return { kinds, failed: described };
}

export type RetryFailure = Failure<'not_found'>;

/**
 * One more attempt for a failed job, due now, recorded as the operator's action. The engine retries
 * outside the shop's transaction (pg-boss on its own connections), so the record follows the retry:
 * a retry that found no failed job records nothing.
 */
export async function retryJob(
  db: Db,
  jobs: Jobs,
  operator: Operator,
  id: string,
): Promise<Result<RetryJobAnswer, RetryFailure>> {
  if (!(await jobs.retry(id))) {
    return fail(
      'not_found',
      'There is no failed job with this id: it may have been retried already.',
    );
  }
  await recordOperatorAction(db, operator, {
    action: 'job.retry',
    targetType: 'job',
    targetId: id,
  });
  return ok({ id, queued: true });
}
