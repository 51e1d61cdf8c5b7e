/**
 * The job engine's port (issue 25, docs/decisions/029): work between requests, the same contract on
 * both databases. SQLite runs the embedded engine (sqlite-job-store.ts), PostgreSQL runs pg-boss
 * (pg-boss-job-store.ts); job-runner.ts is the part they share (workers, leases, schedules, stop).
 *
 * A job is enqueued inside the transaction that makes it necessary: it exists if and only if that
 * transaction commits. Handlers run at least once, so each must be idempotent (a second run of a job
 * whose first run did its work changes nothing).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface NewJob<T> {
  /** A name given to `work()` in every process (web and worker alike) before `start()`. */
  name: string;
  /** JSON. */
  data: T;
  /** De-duplicates for ever: a later enqueue with a key already used does nothing (answers false). */
  key?: string;
  /** Not run before this time. */
  runAt?: Date;
  /** Not run before this long from now, by the engine's clock (a test's manual clock); or runAt. */
  delayMs?: number;
}

export interface JobContext<T> {
  id: string;
  name: string;
  data: T;
  /** 1 on the first run; a retry, or a run after a lease ended, counts one more. */
  attempt: number;
  /** Aborted when the run passes its `timeoutMs` (the job will run again) or the worker stops. */
  signal: AbortSignal;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;

/** The delay before the n-th retry is first·2^(n-1), jittered up to twice that, at most max. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
}

export interface WorkOptions {
  /** Runs in all, the first included (default 5); then the job is kept as failed. */
  maxAttempts?: number;
  /** Default 'exponential': 1 s first, 15 minutes at most. */
  backoff?: Backoff | 'exponential';
  /**
   * A run's lease (default 60 s): a run still going then, or whose process died, is run again once
   * the lease has ended. pg-boss counts whole seconds, rounded up.
   */
  timeoutMs?: number;
  /** Runs of this name at once in this process (default 1). */
  concurrency?: number;
}

export interface ScheduleOptions {
  /** The period: one run per period across every process. */
  everyMs: number;
}

/** A job that used all its attempts, for the console. */
export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  attempts: number;
  /** The last run's error message. */
  error: string;
  /** ISO 8601 UTC. */
  failedAt: string;
}

export interface JobCount {
  queued: number;
  running: number;
  failed: number;
}

export interface StopOptions {
  /** How long running handlers get to finish (default 10 s); the rest run again after their lease. */
  deadlineMs?: number;
}

export interface JobQueue {
  readonly engine: 'sqlite' | 'pg-boss';
  /** Writes the job in the caller's transaction; false when its key was used before (nothing written). */
  enqueue<T>(trx: Transaction<Database>, job: NewJob<T>): Promise<boolean>;
  /** Declares a job and its handler. Every process declares; only a claiming process runs handlers. */
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): void;
  /** Recurring work: enqueues `name` (declared with `work()`) once per period across every process. */
  schedule(name: string, options: ScheduleOptions): void;
  /** Prepares the engine; in a claiming process also starts the workers and schedules. */
  start(): Promise<void>;
  /** Stops claiming and lets running handlers finish up to the deadline. */
  stop(options?: StopOptions): Promise<void>;
  /** Failed jobs, newest first. */
  listFailed(options?: { name?: string; limit?: number }): Promise<FailedJob[]>;
  /** Jobs per name and state (a name with none is absent). */
  counts(): Promise<Record<string, JobCount>>;
  /**
   * Per name, how long (ms) its longest-waiting job has been due and not taken: a queued job whose run
   * time has passed (a retry's backoff and a later runAt are not waiting yet), by the engine's clock.
   * A name with no such job is absent.
   */
  oldestWaiting(): Promise<Record<string, number>>;
  /** The job names declared with `work()`, in their order. */
  names(): string[];
  /** Gives a failed job one more attempt, due now; false when there is no failed job with that id. */
  retry(id: string): Promise<boolean>;
}
