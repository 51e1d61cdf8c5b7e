/**
 * What the job engine's tests share: a clock they move by hand, a table the handlers write their effect
 * to, and worker processes of their own (job-worker.child.ts) that a test can SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../../../db/database.ts';
import { createJobQueue, type JobQueueOptions } from '../create-job-queue.ts';
import type { JobQueue } from '../job-queue.ts';
import type { JobLog } from '../worker-loop.ts';

export const quietLog: JobLog = { warn() {}, error() {} };

/** A clock that starts at the real time and moves only when told. */
export function manualClock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** A job engine fast to notice work and expired leases (a test queue's, a test app's `jobs`). */
export const FAST_JOBS = {
  pollMs: 25,
  pgBoss: { maintenanceIntervalSeconds: 1, poolMax: 2 },
} satisfies Partial<JobQueueOptions>;

/** How long a test waits for a job's outcome (vi.waitFor): quick, but the machine may be busy. */
export const JOB_WAIT = { timeout: 10_000, interval: 20 };

/**
 * Jobs of these names still to run (queued, due later, or running): a test waits for 0 with
 * `expect.poll(() => jobsLeft(app.jobs, ...), JOB_WAIT)` before it compares the tables.
 */
export async function jobsLeft(jobs: Pick<JobQueue, 'counts'>, ...names: string[]) {
  const counts = await jobs.counts();
  return names.reduce(
    (sum, name) => sum + (counts[name]?.queued ?? 0) + (counts[name]?.running ?? 0),
    0,
  );
}

/** A queue over the test's database, fast to notice work and expired leases. */
export function testQueue(
  database: DatabaseHandle & { url: string },
  options: Partial<JobQueueOptions> = {},
): Promise<JobQueue> {
  return createJobQueue({
    database,
    databaseUrl: database.url,
    claim: true,
    log: quietLog,
    ...FAST_JOBS,
    ...options,
  });
}

/**
 * Moves the queue's time: the SQLite engine and the schedules run on the injected clock; pg-boss
 * compares its run times with the database's clock, so there they are moved back instead.
 */
export async function advanceQueue(
  db: Db,
  engine: JobQueue['engine'],
  clock: { advance(ms: number): void },
  ms: number,
): Promise<void> {
  clock.advance(ms);
  if (engine !== 'pg-boss') return;
  await sql`update pgboss.job set start_after = start_after - ${ms} * interval '1 millisecond'
    where state in ('created', 'retry')`.execute(db);
}

/**
 * Makes every queued job look claimed by a worker that died an hour ago (attempt 1, its lease over),
 * as a SIGKILL leaves it; in the caller's transaction, so no live worker takes the jobs first.
 */
export async function heldByDeadWorker(trx: Db, engine: JobQueue['engine'], now: number) {
  if (engine === 'sqlite') {
    await trx
      .updateTable('jobs')
      .set({
        state: 'running',
        attempts: 1,
        locked_by: 'dead',
        locked_until: new Date(now - 3_600_000).toISOString(),
      })
      .where('state', '=', 'queued')
      .execute();
    return;
  }
  await sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour'
    where state = 'created'`.execute(trx);
}

/** How long until a queued job is due, by the engine's own record of it. */
export async function dueInMs(db: Db, engine: JobQueue['engine'], now: number, id?: string) {
  if (engine === 'sqlite') {
    const row = await db
      .selectFrom('jobs')
      .select('run_at')
      .where('state', '=', 'queued')
      .$if(id !== undefined, (q) => q.where('id', '=', id!))
      .executeTakeFirstOrThrow();
    return Date.parse(row.run_at) - now;
  }
  const { rows } = await sql<{ ms: number }>`
    select extract(epoch from (start_after - now())) * 1000 as ms from pgboss.job
    where state in ('created', 'retry') ${id === undefined ? sql`` : sql`and id = ${id}`}`.execute(
    db,
  );
  return Number(rows[0]!.ms);
}

/** `job_effects`: one row per effect key (a handler's `on conflict do nothing` makes it happen once). */
export async function createEffectsTable(db: Db): Promise<void> {
  await sql`create table job_effects (key text primary key, worker text not null)`.execute(db);
  await sql`create table job_runs (key text not null, worker text not null, attempt integer not null)`.execute(
    db,
  );
}

/** A run (every call, with its attempt) and its effect (once per key). */
export async function recordEffect(db: Db, key: string, worker: string, attempt = 1) {
  await sql`insert into job_runs (key, worker, attempt) values (${key}, ${worker}, ${attempt})`.execute(
    db,
  );
  await sql`insert into job_effects (key, worker) values (${key}, ${worker})
    on conflict (key) do nothing`.execute(db);
}

export async function effectCounts(db: Db) {
  const { rows } = await sql<{ effects: number; runs: number; leases: number; workers: number }>`
    select (select count(*) from job_effects) as effects, (select count(*) from job_runs) as runs,
      (select count(*) from (select distinct key, attempt from job_runs) as d) as leases,
      (select count(distinct worker) from job_effects) as workers`.execute(db);
  const row = rows[0]!;
  return {
    effects: Number(row.effects),
    runs: Number(row.runs),
    /** Distinct (job, attempt): fewer than runs would mean two workers held one lease. */
    leases: Number(row.leases),
    workers: Number(row.workers),
  };
}

export interface ChildWorkerTask {
  url: string;
  mode: 'bulk' | 'schedule' | 'block';
  worker: string;
  everyMs?: number;
  timeoutMs?: number;
}

const SERVER_TSCONFIG = fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url));

/**
 * A TypeScript process of its own (run by tsx) given `task` as JSON in its argv: answers it and the
 * first message it sends over IPC, its sign that it is ready.
 */
export async function startChild<Ready = unknown>(
  script: URL,
  task: unknown,
): Promise<{ child: ChildProcess; ready: Ready }> {
  const file = fileURLToPath(script);
  const child = spawn(process.execPath, ['--import', 'tsx', file, JSON.stringify(task)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The server's compiler options (its .tsx email templates: jsx react-jsx), whatever the cwd.
    env: { ...process.env, TSX_TSCONFIG_PATH: SERVER_TSCONFIG },
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
  });
  return { child, ready };
}

/** Sends `signal` to a child (SIGTERM: stop gracefully) and waits for it to exit; an exited one is not waited for. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A worker process (job-worker.child.ts): answers once its queue has started. */
export async function startChildWorker(task: ChildWorkerTask): Promise<ChildProcess> {
  return (await startChild(new URL('./job-worker.child.ts', import.meta.url), task)).child;
}
