/**
 * The embedded engine: jobs in the shop's own SQLite `jobs` table (migration 019), for one process or
 * several on one file. A claim is one UPDATE ... RETURNING of the oldest due rows, atomic under
 * SQLite's write lock, so two processes never lease the same run. A lease ends at `locked_until`; a
 * run whose lease ended is claimed again, or kept as failed if that was its last attempt.
 * docs/decisions/029 says why this is not an npm queue.
 *
 * Claims and completions may be lost to a power cut (db/relaxed-commit.ts `losableWrite`): a power cut
 * that loses one only runs the job again, which the port allows (handlers are idempotent). With
 * FULL they were two of every job's three fsyncs, and a checkout's jobs cut the orders a second the
 * checkout bench measured (docs/decisions/029, "Measurements").
 */
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { losableWrite } from '../../db/relaxed-commit.ts';
import { newId } from '../ids.ts';
import { retryDelayMs, type JobDefinition } from './job-definitions.ts';
import type { FailedJob, JobCount } from './job-queue.ts';
import type { ClaimedJob, JobStore } from './job-store.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const LEASE_ENDED = 'its lease ended on its last attempt (the worker died or passed timeoutMs)';

export class SqliteJobStore implements JobStore {
  readonly engine = 'sqlite';
  readonly wakeAfterEnqueue = true;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly random: () => number = Math.random,
  ) {}

  async prepare(): Promise<void> {}

  async insert(
    trx: Transaction<Database>,
    definition: JobDefinition,
    job: { data: unknown; runAt?: Date },
  ): Promise<void> {
    const now = this.now();
    await trx
      .insertInto('jobs')
      .values({
        id: newId('job'),
        name: definition.name,
        data: JSON.stringify(job.data ?? null),
        state: 'queued',
        run_at: iso(job.runAt?.getTime() ?? now),
        attempts: 0,
        max_attempts: definition.maxAttempts,
        created_at: iso(now),
      })
      .execute();
  }

  async dueNames(names: readonly string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const at = iso(this.now());
    const rows = await this.db
      .selectFrom('jobs')
      .select('name')
      .distinct()
      .where('name', 'in', names)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', at)]),
          eb.and([eb('state', '=', 'running'), eb('locked_until', '<', at)]),
        ]),
      )
      .execute();
    return rows.map((r) => r.name);
  }

  async claim(definition: JobDefinition, count: number, workerId: string): Promise<ClaimedJob[]> {
    const now = this.now();
    const at = iso(now);
    // One statement: due queued jobs are leased; a running job whose lease ended is leased again, or
    // failed when it has no attempt left. SET reads the row as it was before the update.
    const spent = sql`(state = 'running' and attempts >= max_attempts)`;
    const claim = sql<{
      id: string;
      data: string;
      attempts: number;
      max_attempts: number;
      state: string;
    }>`
      update jobs set
        state = case when ${spent} then 'failed' else 'running' end,
        attempts = case when ${spent} then attempts else attempts + 1 end,
        locked_until = case when ${spent} then null else ${iso(now + definition.timeoutMs)} end,
        locked_by = case when ${spent} then null else ${workerId} end,
        failed_at = case when ${spent} then ${at} else failed_at end,
        last_error = case when ${spent} then ${LEASE_ENDED} else last_error end
      where id in (
        select id from jobs
        where name = ${definition.name}
          and ((state = 'queued' and run_at <= ${at}) or (state = 'running' and locked_until < ${at}))
        order by run_at, id
        limit ${count}
      )
      returning id, data, attempts, max_attempts, state`;
    const { rows } = await losableWrite(this.db, (connection) => claim.execute(connection));
    return rows
      .filter((row) => row.state === 'running')
      .map((row) => ({
        id: row.id,
        name: definition.name,
        data: JSON.parse(row.data) as unknown,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
      }));
  }

  /** Only while the lease is this run's (same worker, same attempt): a later run is left alone. */
  #leased(job: ClaimedJob, workerId: string) {
    return this.db
      .updateTable('jobs')
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .where('locked_by', '=', workerId)
      .where('attempts', '=', job.attempt);
  }

  async complete(_definition: JobDefinition, job: ClaimedJob, workerId: string): Promise<void> {
    await losableWrite(this.db, (connection) =>
      connection
        .deleteFrom('jobs')
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where('locked_by', '=', workerId)
        .where('attempts', '=', job.attempt)
        .execute(),
    );
  }

  async fail(
    definition: JobDefinition,
    job: ClaimedJob,
    workerId: string,
    error: string,
  ): Promise<void> {
    const now = this.now();
    const last = job.attempt >= job.maxAttempts;
    const delay = retryDelayMs(job.attempt, definition.backoff, this.random);
    await this.#leased(job, workerId)
      .set({
        state: last ? 'failed' : 'queued',
        ...(last ? { failed_at: iso(now) } : { run_at: iso(now + delay) }),
        locked_until: null,
        locked_by: null,
        last_error: error,
      })
      .execute();
  }

  async listFailed({ name, limit }: { name?: string; limit: number }): Promise<FailedJob[]> {
    let query = this.db
      .selectFrom('jobs')
      .select(['id', 'name', 'data', 'attempts', 'last_error', 'failed_at'])
      .where('state', '=', 'failed');
    if (name !== undefined) query = query.where('name', '=', name);
    const rows = await query.orderBy('failed_at', 'desc').orderBy('id').limit(limit).execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      data: JSON.parse(row.data) as unknown,
      attempts: row.attempts,
      error: row.last_error ?? '',
      failedAt: row.failed_at ?? '',
    }));
  }

  async counts(): Promise<Record<string, JobCount>> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['name', 'state', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy(['name', 'state'])
      .execute();
    const counts: Record<string, JobCount> = {};
    for (const { name, state, count } of rows) {
      counts[name] ??= { queued: 0, running: 0, failed: 0 };
      counts[name][state] = Number(count);
    }
    return counts;
  }

  async oldestWaiting(): Promise<Record<string, number>> {
    const now = this.now();
    const rows = await this.db
      .selectFrom('jobs')
      .select(['name', (eb) => eb.fn.min('run_at').as('due')])
      .where('state', '=', 'queued')
      .where('run_at', '<=', iso(now))
      .groupBy('name')
      .execute();
    return Object.fromEntries(rows.map(({ name, due }) => [name, now - Date.parse(due)]));
  }

  async retry(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'queued',
        run_at: iso(this.now()),
        max_attempts: eb('attempts', '+', 1),
        failed_at: null,
      }))
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async close(): Promise<void> {}
}
