/**
 * What an engine provides to the shared runner (job-runner.ts): where jobs are written, claimed and
 * settled. The SQLite store keeps them in the shop's `jobs` table; the PostgreSQL store in pg-boss's.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { JobDefinition } from './job-definitions.ts';
import type { FailedJob, JobCount } from './job-queue.ts';

/** A run this worker holds the lease of. */
export interface ClaimedJob {
  id: string;
  name: string;
  data: unknown;
  attempt: number;
  /** The attempts the job has in all (SQLite: `retry()` raises it). */
  maxAttempts: number;
}

export interface JobStore {
  readonly engine: 'sqlite' | 'pg-boss';
  /** Whether a process sees its own enqueue only when told (SQLite); pg-boss wakes workers itself. */
  readonly wakeAfterEnqueue: boolean;
  /** Makes ready what enqueue and claim need (pg-boss: its schema, a queue per job). */
  prepare(definitions: JobDefinition[], claiming: boolean): Promise<void>;
  insert(
    trx: Transaction<Database>,
    definition: JobDefinition,
    job: { data: unknown; runAt?: Date },
  ): Promise<void>;
  /**
   * Which of `names` have a job due now (to claim: queued and due, or a lease that ended): one read
   * for every job name, so idle workers need not each claim in turn (a write) to find nothing.
   */
  dueNames(names: readonly string[]): Promise<string[]>;
  /** Up to `count` due jobs, leased to `workerId` for the definition's timeoutMs. */
  claim(definition: JobDefinition, count: number, workerId: string): Promise<ClaimedJob[]>;
  complete(definition: JobDefinition, job: ClaimedJob, workerId: string): Promise<void>;
  /** Retries after the backoff while attempts are left; otherwise keeps the job as failed. */
  fail(definition: JobDefinition, job: ClaimedJob, workerId: string, error: string): Promise<void>;
  listFailed(options: { name?: string; limit: number }): Promise<FailedJob[]>;
  counts(): Promise<Record<string, JobCount>>;
  /** JobQueue's `oldestWaiting`. */
  oldestWaiting(): Promise<Record<string, number>>;
  retry(id: string): Promise<boolean>;
  /** Calls `wake(name)` whenever a job of that name is enqueued by any process; resolves a stop. */
  watch?(wake: (name: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
