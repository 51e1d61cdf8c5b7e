/** The job engine's tables (migration 019, docs/decisions/029). */

/**
 * The SQLite engine's jobs (on PostgreSQL pg-boss keeps its own, in the `pgboss` schema). A row lives
 * while the job is queued, running or failed; a job that succeeds is deleted (its key stays).
 */
export interface JobsTable {
  id: string;
  name: string;
  /** JSON. */
  data: string;
  state: 'queued' | 'running' | 'failed';
  /** ISO 8601 UTC: not claimed before this time (runAt; a retry's backoff). */
  run_at: string;
  /** Attempts started so far, counted when claimed. */
  attempts: number;
  max_attempts: number;
  /** ISO 8601 UTC: a running job's lease; once past, another worker may claim it again. */
  locked_until: string | null;
  /** The worker that holds the lease (with `attempts`, the lease's fencing token). */
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  failed_at: string | null;
}

/** One row per de-duplication key ever enqueued, on both databases: a key is used once, for ever. */
export interface JobKeysTable {
  key: string;
  created_at: string;
}

/** Recurring work: the next period's start, claimed by a compare-and-set UPDATE (job-schedules.ts). */
export interface JobSchedulesTable {
  name: string;
  /** ISO 8601 UTC. */
  next_run_at: string;
}

export interface JobTables {
  jobs: JobsTable;
  job_keys: JobKeysTable;
  job_schedules: JobSchedulesTable;
}
