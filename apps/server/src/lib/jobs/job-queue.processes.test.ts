/**
 * The "done when" cases, with real worker processes (testing/job-worker.child.ts), each on its
 * own connections to one database, on both engines: 1,000 jobs over two workers, a schedule over three,
 * and a worker killed mid-job.
 */
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import type { JobQueue } from './job-queue.ts';
import {
  createEffectsTable,
  effectCounts,
  startChildWorker,
  stopChild,
  testQueue,
  type ChildWorkerTask,
} from './testing/job-test-kit.ts';

describe.each(DATABASE_KINDS)('job workers in several processes on %s', (kind) => {
  let database: TestDatabase;
  let children: ChildProcess[] = [];
  let producer: JobQueue | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    children = [];
    await producer?.stop();
    producer = undefined;
    await sql`drop table if exists job_effects`.execute(database.db);
    await sql`drop table if exists job_runs`.execute(database.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Starts a worker process, kept for afterEach to stop even when another one fails to start. */
  async function worker(task: ChildWorkerTask): Promise<ChildProcess> {
    const child = await startChildWorker(task);
    children.push(child);
    return child;
  }

  /** This process enqueues (PROCESS_ROLE=web): it declares the jobs but never claims one. */
  async function webProducer(...names: string[]): Promise<JobQueue> {
    producer = await testQueue(database, { claim: false });
    for (const name of names) producer.work(name, async () => {});
    await producer.start();
    return producer;
  }

  it('runs 1,000 jobs across two worker processes, each once in effect, none lost', async () => {
    await createEffectsTable(database.db);
    const web = await webProducer('bulk');
    await Promise.all(
      ['one', 'two'].map((name) => worker({ url: database.url, mode: 'bulk', worker: name })),
    );
    for (let batch = 0; batch < 10; batch++) {
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 100; i++) {
          const key = `bulk-${batch * 100 + i}`;
          await web.enqueue(trx, { name: 'bulk', data: { key }, key });
        }
      });
    }
    await expect
      .poll(() => effectCounts(database.db), { timeout: 60_000, interval: 200 })
      .toMatchObject({ effects: 1000 });
    await expect.poll(() => web.counts()).toEqual({});
    const counts = await effectCounts(database.db);
    // Both processes took a share (each held its first runs until the other ran one: the child
    // worker's bulk mode), and no attempt of a job ran twice: each lease had one holder. (A
    // handler that failed, on a busy database, is retried: that is a second attempt, not a double.)
    expect(counts).toMatchObject({ effects: 1000, workers: 2 });
    expect(counts.leases).toBe(counts.runs);
  }, 90_000);

  it('runs a scheduled job once per period across three processes', async () => {
    await createEffectsTable(database.db);
    const everyMs = 300;
    const names = ['a', 'b', 'c'];
    const started = await Promise.all(
      names.map((name) => worker({ url: database.url, mode: 'schedule', worker: name, everyMs })),
    );
    // Counted from when all three run (a process still starting, on a busy machine, is not a stall).
    const since = new Date(Date.now() + everyMs).toISOString();
    const periodRuns = async () => {
      const { rows } = await sql<{ key: string; runs: number }>`
        select key, count(*) as runs from job_runs where key >= ${since}
        group by key order by key`.execute(database.db);
      return rows;
    };
    await expect
      .poll(async () => (await periodRuns()).length, { timeout: 20_000, interval: 100 })
      .toBeGreaterThanOrEqual(6);
    // Any process runs the schedule: when one has run every period so far (which process wins a
    // period is timing's choice: on a busy machine one can win them all), it stops, and the others
    // go on from the next period.
    const { rows: ran } = await sql<{ worker: string }>`
      select distinct worker from job_effects`.execute(database.db);
    if (ran.length === 1) {
      await stopChild(started[names.indexOf(ran[0]!.worker)]!);
      await expect
        .poll(async () => (await effectCounts(database.db)).workers, { timeout: 20_000 })
        .toBeGreaterThan(1);
    }
    await Promise.all(children.map((child) => stopChild(child)));
    const rows = await periodRuns();
    const periods = rows.map((row) => Date.parse(row.key));
    // One run per period, and no period skipped between the first and the last.
    expect(rows.map((row) => Number(row.runs))).toEqual(rows.map(() => 1));
    expect(periods.slice(1).map((p, i) => p - periods[i]!)).toEqual(
      periods.slice(1).map(() => everyMs),
    );
    expect((await effectCounts(database.db)).workers).toBeGreaterThan(1);
  }, 60_000);

  it('runs a job again after its worker is killed mid-job, its effect once', async () => {
    await createEffectsTable(database.db);
    const web = await webProducer('blocking');
    const first = await worker({ url: database.url, mode: 'block', worker: 'first' });
    await database.db
      .transaction()
      .execute((trx) =>
        web.enqueue(trx, { name: 'blocking', data: { key: 'killed' }, key: 'killed' }),
      );
    // The handler has started (and blocks): kill the process under it.
    await expect
      .poll(() => effectCounts(database.db), { timeout: 20_000 })
      .toMatchObject({ runs: 1 });
    await stopChild(first, 'SIGKILL');
    expect(await effectCounts(database.db)).toMatchObject({ effects: 0, runs: 1 });
    await worker({ url: database.url, mode: 'block', worker: 'second' });
    await expect
      .poll(() => effectCounts(database.db), { timeout: 20_000 })
      .toMatchObject({ effects: 1, runs: 2, leases: 2 });
    const { rows } = await sql<{ worker: string }>`select worker from job_effects`.execute(
      database.db,
    );
    expect(rows).toEqual([{ worker: 'second' }]);
    await expect.poll(() => web.counts()).toEqual({});
  }, 60_000);
});
