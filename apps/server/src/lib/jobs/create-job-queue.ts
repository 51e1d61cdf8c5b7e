/**
 * The job queue for the shop's database: the embedded engine on SQLite, pg-boss on PostgreSQL
 * (docs/decisions/029). pg-boss is loaded only on PostgreSQL.
 */
import type { DatabaseHandle } from '../../db/database.ts';
import { JobRunner } from './job-runner.ts';
import type { JobQueue } from './job-queue.ts';
import { SqliteJobStore } from './sqlite-job-store.ts';
import type { JobLog } from './worker-loop.ts';

export interface JobQueueOptions {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  /** The database's URL: pg-boss opens connections of its own. */
  databaseUrl: string;
  /** false in a web-only process: it enqueues but never claims. */
  claim: boolean;
  log: JobLog;
  /** The clock (tests); default Date.now. pg-boss keeps time by the database's clock. */
  now?: () => number;
  /** How often an idle worker looks for due jobs (default 1000 ms). */
  pollMs?: number;
  /** pg-boss's expiry check (default 30 s) and its connections (default 4). */
  pgBoss?: { maintenanceIntervalSeconds?: number; poolMax?: number };
  /** The retry jitter's randomness (tests). */
  random?: () => number;
  /** Caps every job's lease and retry delays (crash tests). */
  maxLeaseMs?: number;
  maxBackoffMs?: number;
}

export async function createJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { database, log } = options;
  const now = options.now ?? Date.now;
  const runner = {
    claim: options.claim,
    log,
    // Only a test's clock (moved by hand): the runner's schedules look for their period every poll.
    ...(options.now ? { now: options.now } : {}),
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    ...(options.maxLeaseMs ? { maxLeaseMs: options.maxLeaseMs } : {}),
    ...(options.maxBackoffMs ? { maxBackoffMs: options.maxBackoffMs } : {}),
  };
  if (database.dialect === 'sqlite') {
    return new JobRunner(database.db, new SqliteJobStore(database.db, now, options.random), runner);
  }
  const { PgBossJobStore } = await import('./pg-boss-job-store.ts');
  const store = new PgBossJobStore(database.db, {
    connectionString: options.databaseUrl,
    log,
    ...options.pgBoss,
    ...(options.random ? { random: options.random } : {}),
  });
  return new JobRunner(database.db, store, runner);
}
