/**
 * The PostgreSQL engine: pg-boss 10 (docs/decisions/029) on the shop's database, schema `pgboss`, made
 * by its own start. Each declared job is a pg-boss queue whose retry, backoff and expiry come from the
 * declaration. An enqueue goes through the caller's Kysely transaction (pg-boss's `db` executor) and
 * NOTIFYs the workers, which PostgreSQL delivers at commit; the workers fetch with their own loop
 * (worker-loop.ts) rather than pg-boss's `work()`, which waits a polling interval even after a full
 * batch. pg-boss's maintenance expires runs past their lease and puts them back for a retry.
 *
 * The console's lists read pg-boss's `job` table (its documented columns): pg-boss 10 has no call that
 * lists jobs by state.
 */
import pg from 'pg';
import PgBoss from 'pg-boss';
import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { retryDelayMs, type JobDefinition } from './job-definitions.ts';
import type { FailedJob, JobCount } from './job-queue.ts';
import type { ClaimedJob, JobStore } from './job-store.ts';
import type { JobLog } from './worker-loop.ts';

const SCHEMA = 'pgboss';
const CHANNEL = 'sunward_jobs';
/** The advisory lock under which a process declares its queues (prepare). */
const DECLARE_LOCK = 'sunward-jobs:declare-queues';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATES: Record<string, keyof JobCount> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  failed: 'failed',
};

export interface PgBossStoreOptions {
  connectionString: string;
  log: JobLog;
  /** pg-boss's own connections (its maintenance, fetches and settles); default 4. */
  poolMax?: number;
  /** How often expired leases are looked for, across all processes (default 30 s; tests 1 s). */
  maintenanceIntervalSeconds?: number;
  /** The retry jitter's randomness (tests). */
  random?: () => number;
}

/** A declaration as a pg-boss queue: attempts after the first, backoff and lease in whole seconds. */
export function queueOptions(definition: JobDefinition): PgBoss.Queue {
  return {
    name: definition.name,
    policy: 'standard',
    retryLimit: definition.maxAttempts - 1,
    retryDelay: Math.max(1, Math.round(definition.backoff.firstMs / 1000)),
    retryBackoff: true,
    expireInSeconds: Math.max(1, Math.ceil(definition.timeoutMs / 1000)),
  };
}

function errorOf(output: unknown): string {
  const value = output as { message?: unknown; value?: { message?: unknown } } | null;
  return String(value?.message ?? value?.value?.message ?? '');
}

export class PgBossJobStore implements JobStore {
  readonly engine = 'pg-boss';
  readonly wakeAfterEnqueue = false;
  #boss: PgBoss | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: PgBossStoreOptions,
  ) {}

  #started(): PgBoss {
    if (!this.#boss) throw new Error('pg-boss has not started');
    return this.#boss;
  }

  async prepare(definitions: JobDefinition[], claiming: boolean): Promise<void> {
    // No declared job, no pg-boss: its schema and connections only where work is.
    if (!definitions.length) return;
    const boss = new PgBoss({
      connectionString: this.options.connectionString,
      schema: SCHEMA,
      max: this.options.poolMax ?? 4,
      application_name: 'sunward-jobs',
      // Schedules are job-schedules.ts's (sub-minute, and the same on SQLite); expiry and archiving
      // run where jobs are claimed.
      schedule: false,
      supervise: claiming,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 30,
      // Failed jobs stay listed for the console a month (pg-boss's default is 12 hours).
      archiveFailedAfterSeconds: 30 * 24 * 3600,
    });
    boss.on('error', (err: Error) => this.options.log.error({ err }, 'pg-boss error'));
    await boss.start();
    this.#boss = boss;
    // pg-boss 10's create_queue inserts the queue's row and then adds a partition with a foreign key:
    // two processes declaring the same new queue at once deadlock (measured: 1 start in 4 of three
    // workers on a fresh database), and the loser's start fails. Processes declare one at a time.
    await this.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(hashtext(${DECLARE_LOCK}))`.execute(connection);
      try {
        for (const definition of definitions) {
          // createQueue keeps an existing queue as it is; updateQueue brings its settings up to date.
          await boss.createQueue(definition.name, queueOptions(definition));
          await boss.updateQueue(definition.name, queueOptions(definition));
        }
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${DECLARE_LOCK}))`.execute(connection);
      }
    });
  }

  async insert(
    trx: Transaction<Database>,
    definition: JobDefinition,
    job: { data: unknown; runAt?: Date },
  ): Promise<void> {
    // As JSON text: pg would send a bare string as text that jsonb cannot parse.
    const data = JSON.stringify(job.data ?? null) as unknown as object;
    const id = await this.#started().send(definition.name, data, {
      db: executor(trx),
      ...(job.runAt ? { startAfter: job.runAt } : {}),
    });
    if (!id) throw new Error(`pg-boss did not take a "${definition.name}" job`);
    await sql`select pg_notify(${CHANNEL}, ${definition.name})`.execute(trx);
  }

  /** Due as pg-boss's own fetch decides (created or retry, started after now); a read, no lock. */
  async dueNames(names: readonly string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const { rows } = await sql<{ name: string }>`
      select distinct name from ${sql.table(`${SCHEMA}.job`)}
      where name in (${sql.join(names)}) and state < 'active' and start_after < now()`
      .execute(this.db)
      .catch(missingSchema({ rows: [] }));
    return rows.map((r) => r.name);
  }

  async claim(definition: JobDefinition, count: number): Promise<ClaimedJob[]> {
    const jobs = await this.#started().fetch<unknown>(definition.name, {
      batchSize: count,
      includeMetadata: true,
    });
    return jobs.map((job) => ({
      id: job.id,
      name: definition.name,
      data: job.data,
      attempt: job.retryCount + 1,
      maxAttempts: job.retryLimit + 1,
    }));
  }

  async complete(definition: JobDefinition, job: ClaimedJob): Promise<void> {
    await this.#started().complete(definition.name, job.id);
  }

  /**
   * pg-boss's own retry delay counts whole seconds and has no cap (10.4): in the same transaction the
   * retry's start is set to the port's delay (job-definitions.ts `retryDelayMs`, as on SQLite).
   */
  async fail(definition: JobDefinition, job: ClaimedJob, _worker: string, error: string) {
    const boss = this.#started();
    const delayMs = retryDelayMs(job.attempt, definition.backoff, this.options.random);
    await this.db.transaction().execute(async (trx) => {
      await boss.fail(definition.name, job.id, { message: error }, { db: executor(trx) });
      await sql`
        update ${sql.table(`${SCHEMA}.job`)}
        set start_after = now() + ${delayMs} * interval '1 millisecond'
        where name = ${definition.name} and id = ${job.id} and state = 'retry'`.execute(trx);
    });
  }

  async listFailed({ name, limit }: { name?: string; limit: number }): Promise<FailedJob[]> {
    const { rows } = await sql<{
      id: string;
      name: string;
      data: unknown;
      retry_count: number;
      output: unknown;
      completed_on: Date;
    }>`
      select id, name, data, retry_count, output, completed_on from ${sql.table(`${SCHEMA}.job`)}
      where state = 'failed' ${name === undefined ? sql`` : sql`and name = ${name}`}
      order by completed_on desc, id limit ${limit}`
      .execute(this.db)
      .catch(missingSchema({ rows: [] }));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      data: row.data,
      attempts: row.retry_count + 1,
      error: errorOf(row.output),
      failedAt: new Date(row.completed_on).toISOString(),
    }));
  }

  async counts(): Promise<Record<string, JobCount>> {
    const { rows } = await sql<{ name: string; state: string; count: string }>`
      select name, state::text as state, count(*) as count from ${sql.table(`${SCHEMA}.job`)}
      where state in ('created', 'retry', 'active', 'failed') group by name, state`
      .execute(this.db)
      .catch(missingSchema({ rows: [] }));
    const counts: Record<string, JobCount> = {};
    for (const { name, state, count } of rows) {
      counts[name] ??= { queued: 0, running: 0, failed: 0 };
      counts[name][STATES[state]!] += Number(count);
    }
    return counts;
  }

  /** Due by the database's clock, as pg-boss's own fetch decides. */
  async oldestWaiting(): Promise<Record<string, number>> {
    const { rows } = await sql<{ name: string; ms: number | string }>`
      select name, extract(epoch from now() - min(start_after)) * 1000 as ms
      from ${sql.table(`${SCHEMA}.job`)}
      where state in ('created', 'retry') and start_after <= now() group by name`
      .execute(this.db)
      .catch(missingSchema({ rows: [] }));
    return Object.fromEntries(rows.map(({ name, ms }) => [name, Number(ms)]));
  }

  async retry(id: string): Promise<boolean> {
    if (!UUID.test(id) || !this.#boss) return false;
    const row = await sql<{ name: string }>`
      select name from ${sql.table(`${SCHEMA}.job`)} where id = ${id} and state = 'failed'`
      .execute(this.db)
      .then((result) => result.rows[0]);
    if (!row) return false;
    const result = (await this.#boss.retry(row.name, id)) as unknown as { affected: number };
    return result.affected === 1;
  }

  /** A connection of its own LISTENs; lost, it comes back after a second (polling goes on meanwhile). */
  async watch(wake: (name: string) => void): Promise<() => Promise<void>> {
    let client: pg.Client | undefined;
    let stopped = false;
    let again: ReturnType<typeof setTimeout> | undefined;
    const lost = (from: pg.Client, err: unknown) => {
      if (client !== from) return; // already handled
      this.options.log.warn(
        { err },
        'not told of new jobs (polling meanwhile); listening again in 1 s',
      );
      void from.end().catch(() => {});
      client = undefined;
      if (!stopped) again = setTimeout(() => void listen(), 1000);
    };
    const listen = async () => {
      const next = new pg.Client({ connectionString: this.options.connectionString });
      next.on('notification', (message) => message.payload && wake(message.payload));
      next.on('error', (err) => lost(next, err));
      client = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${CHANNEL}`);
      } catch (err) {
        lost(next, err);
      }
    };
    await listen();
    return async () => {
      stopped = true;
      clearTimeout(again);
      await client?.end().catch(() => {});
    };
  }

  async close(): Promise<void> {
    await this.#boss?.stop({ graceful: false, close: true, wait: true });
  }
}

/** pg-boss's `db` option: its statements run on the caller's Kysely transaction. */
function executor(trx: Transaction<Database>) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as never[] };
    },
  };
}

/** Before the first job is declared there is no pg-boss schema: nothing is listed. */
function missingSchema<T>(empty: T) {
  return (err: unknown): T => {
    if ((err as { code?: string }).code === '42P01') return empty;
    throw err;
  };
}
