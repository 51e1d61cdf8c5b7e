/**
 * The job engine's contract, the same on both engines: the embedded one on SQLite and pg-boss on
 * PostgreSQL (TEST_DATABASE_URL). Time moves by the injected clock (testing/job-test-kit.ts
 * `advanceQueue`), never by waiting; a lease ends in real time (1 to 2 s) where a test needs one to.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import type { JobContext, JobQueue } from './job-queue.ts';
import { advanceQueue, dueInMs, manualClock, testQueue } from './testing/job-test-kit.ts';

describe.each(DATABASE_KINDS)('job queue contract on %s', (kind) => {
  let database: TestDatabase;
  let queue: JobQueue | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await queue?.stop({ deadlineMs: 1000 });
    queue = undefined;
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** A queue whose handler for `name` records every run. */
  async function started(
    name: string,
    handler: (job: JobContext<{ n: number }>) => Promise<void> = async () => {},
    options: Parameters<JobQueue['work']>[2] = {},
    clock = manualClock(),
  ) {
    const runs: JobContext<{ n: number }>[] = [];
    queue = await testQueue(database, { now: clock.now });
    queue.work<{ n: number }>(
      name,
      async (job) => {
        runs.push(job);
        await handler(job);
      },
      options,
    );
    await queue.start();
    return { queue, runs, clock };
  }

  it('writes no job when the enqueuing transaction rolls back', async () => {
    const { queue, runs } = await started('rolled');
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(await queue.enqueue(trx, { name: 'rolled', data: { n: 1 }, key: 'rolled-1' })).toBe(
          true,
        );
        throw new Error('the caller changes its mind');
      }),
    ).rejects.toThrow('changes its mind');
    // The key went with it: enqueued again and committed, the job runs, once.
    await database.db.transaction().execute(async (trx) => {
      expect(await queue.enqueue(trx, { name: 'rolled', data: { n: 2 }, key: 'rolled-1' })).toBe(
        true,
      );
    });
    await expect.poll(() => runs.map((r) => r.data.n)).toEqual([2]);
    // Its run is recorded as done just after the handler returns: then nothing of it is left.
    await expect.poll(() => queue.counts()).not.toHaveProperty('rolled');
    expect(runs).toHaveLength(1);
  });

  it('de-duplicates by key for ever, also after the job is done', async () => {
    const { queue, runs } = await started('keyed');
    const enqueue = (n: number) =>
      database.db
        .transaction()
        .execute((trx) => queue.enqueue(trx, { name: 'keyed', data: { n }, key: 'order-7' }));
    expect(await enqueue(1)).toBe(true);
    expect(await enqueue(2)).toBe(false);
    await expect.poll(() => runs.length).toBe(1);
    expect(await enqueue(3)).toBe(false);
    // Jobs without a key are not de-duplicated; this one runs after the refused ones would have.
    await database.db
      .transaction()
      .execute((trx) => queue.enqueue(trx, { name: 'keyed', data: { n: 4 } }));
    await expect.poll(() => runs.map((r) => r.data.n)).toEqual([1, 4]);
  });

  it('retries with backoff, then keeps the job as failed and lists it; retry() runs it again', async () => {
    let fail = true;
    const backoff = { firstMs: 30_000, maxMs: 60_000 };
    const { queue, runs, clock } = await started(
      'flaky',
      async () => {
        if (fail) throw new Error(`SMTP 451 (run ${runs.length})`);
      },
      { maxAttempts: 3, backoff },
      manualClock(),
    );
    await database.db
      .transaction()
      .execute((trx) => queue.enqueue(trx, { name: 'flaky', data: { n: 1 } }));
    await expect.poll(() => runs.length).toBe(1);
    // After run 1: 30 to 60 s; after run 2: 60 s (60 to 120, capped).
    await expect
      .poll(() => queue.counts())
      .toEqual({ flaky: { queued: 1, running: 0, failed: 0 } });
    const first = await dueInMs(database.db, queue.engine, clock.now());
    expect(first).toBeGreaterThan(29_000);
    expect(first).toBeLessThanOrEqual(60_000);
    await advanceQueue(database.db, queue.engine, clock, 60_000);
    await expect.poll(() => runs.length).toBe(2);
    await expect
      .poll(() => queue.counts())
      .toEqual({ flaky: { queued: 1, running: 0, failed: 0 } });
    const second = await dueInMs(database.db, queue.engine, clock.now());
    expect(second).toBeGreaterThan(59_000);
    expect(second).toBeLessThanOrEqual(60_000);
    await advanceQueue(database.db, queue.engine, clock, 60_000);
    await expect.poll(() => runs.length).toBe(3);
    await expect
      .poll(() => queue.counts())
      .toEqual({ flaky: { queued: 0, running: 0, failed: 1 } });
    const [failed, ...none] = await queue.listFailed({ name: 'flaky' });
    expect(none).toEqual([]);
    expect(failed).toMatchObject({
      id: runs[0]!.id,
      name: 'flaky',
      data: { n: 1 },
      attempts: 3,
      error: 'SMTP 451 (run 3)',
    });
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);

    fail = false;
    expect(await queue.retry(failed!.id)).toBe(true);
    expect(await queue.retry(failed!.id)).toBe(false);
    await expect.poll(() => runs.length).toBe(4);
    await expect.poll(() => queue.counts()).toEqual({});
    expect(await queue.listFailed()).toEqual([]);
    expect(await queue.retry('no-such-job')).toBe(false);
  });

  it('does not run a job before its runAt', async () => {
    const { queue, runs, clock } = await started('later', async () => {}, { concurrency: 5 });
    // One transaction: a claim sees both or neither, and takes every due one in one batch.
    await database.db.transaction().execute(async (trx) => {
      await queue.enqueue(trx, {
        name: 'later',
        data: { n: 1 },
        runAt: new Date(clock.now() + 3_600_000),
      });
      await queue.enqueue(trx, { name: 'later', data: { n: 2 } });
    });
    await expect.poll(() => runs.map((r) => r.data.n)).toEqual([2]);
    await expect
      .poll(() => queue.counts())
      .toEqual({ later: { queued: 1, running: 0, failed: 0 } });
    expect(await dueInMs(database.db, queue.engine, clock.now())).toBeGreaterThan(3_590_000);
    await advanceQueue(database.db, queue.engine, clock, 3_600_000);
    await expect.poll(() => runs.map((r) => r.data.n)).toEqual([2, 1]);
  });

  it('does not run a job before its delay, counted on the engine’s clock', async () => {
    const clock = manualClock(Date.now() - 600_000);
    const { queue, runs } = await started('delayed', async () => {}, {}, clock);
    await database.db
      .transaction()
      .execute((trx) =>
        queue.enqueue(trx, { name: 'delayed', data: { n: 1 }, delayMs: 3_600_000 }),
      );
    await expect
      .poll(() => queue.counts())
      .toEqual({ delayed: { queued: 1, running: 0, failed: 0 } });
    expect(runs).toEqual([]);
    await advanceQueue(database.db, queue.engine, clock, 3_600_000);
    await expect.poll(() => runs.map((r) => r.data.n)).toEqual([1]);
  });

  it('runs a job again once a run passes its time limit', async () => {
    const { queue, runs } = await started(
      'slow',
      async ({ attempt, signal }) => {
        if (attempt > 1) return;
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        throw new Error('aborted');
      },
      { timeoutMs: 500, backoff: { firstMs: 1, maxMs: 1 } },
      // The lease ends in real time here: pg-boss's expiry is the database's clock.
      { now: Date.now, advance: () => {} },
    );
    await database.db
      .transaction()
      .execute((trx) => queue.enqueue(trx, { name: 'slow', data: { n: 1 } }));
    await expect.poll(() => runs.map((r) => r.attempt), { timeout: 15_000 }).toEqual([1, 2]);
    await expect.poll(() => queue.counts()).toEqual({});
    expect(runs[0]!.signal.aborted).toBe(true);
  });

  it('says how long the longest-waiting due job of each name has waited, and names its jobs', async () => {
    // No worker takes them (a web process's queue): they wait.
    const clock = manualClock();
    queue = await testQueue(database, { claim: false, now: clock.now });
    for (const name of ['waiting', 'idle', 'later']) queue.work(name, async () => {});
    await queue.start();
    expect(queue.names()).toEqual(['waiting', 'idle', 'later']);
    expect(await queue.oldestWaiting()).toEqual({});
    const started = queue;
    const enqueue = (name: string, runAt?: Date) =>
      database.db
        .transaction()
        .execute((trx) =>
          started.enqueue(trx, { name, data: { n: 1 }, ...(runAt ? { runAt } : {}) }),
        );
    await enqueue('waiting');
    // Not due for an hour: not waiting yet.
    await enqueue('later', new Date(clock.now() + 3_600_000));
    const first = await queue.oldestWaiting();
    expect(Object.keys(first)).toEqual(['waiting']);
    expect(first.waiting).toBeGreaterThanOrEqual(0);
    expect(first.waiting).toBeLessThan(5_000);

    await advanceQueue(database.db, queue.engine, clock, 60_000);
    // A second job, due now: the first one still waited longest.
    await enqueue('waiting');
    const later = await queue.oldestWaiting();
    expect(Object.keys(later)).toEqual(['waiting']);
    expect(later.waiting).toBeGreaterThanOrEqual(60_000);
    expect(later.waiting).toBeLessThan(65_000);

    // An hour on, the later job has been due for the minute past its run time.
    await advanceQueue(database.db, queue.engine, clock, 3_600_000);
    const both = await queue.oldestWaiting();
    expect(both.waiting).toBeGreaterThanOrEqual(3_660_000);
    expect(both.waiting).toBeLessThan(3_665_000);
    expect(both.later).toBeGreaterThanOrEqual(60_000);
    expect(both.later).toBeLessThan(65_000);
    expect(await queue.counts()).toEqual({
      waiting: { queued: 2, running: 0, failed: 0 },
      later: { queued: 1, running: 0, failed: 0 },
    });
  });

  it('refuses work declared after start and an unknown job', async () => {
    const { queue } = await started('known');
    expect(() => queue.work('late', async () => {})).toThrow('before the job queue starts');
    await expect(
      database.db.transaction().execute((trx) => queue.enqueue(trx, { name: 'unknown', data: {} })),
    ).rejects.toThrow('No job "unknown"');
  });

  it('starts in several processes at once that declare the same new jobs', async () => {
    // Each queue stands for a process starting beside the others (a deploy, a scale-out): on pg-boss
    // two that declare one new queue together deadlocked, and one start failed.
    const names = Array.from({ length: 6 }, (_, i) => `together-${i}`);
    const queues = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const each = await testQueue(database, { claim: false });
        for (const name of names) each.work(name, async () => {});
        return each;
      }),
    );
    try {
      const starts = await Promise.allSettled(queues.map((each) => each.start()));
      expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.all(queues.map((each) => each.stop({ deadlineMs: 1000 })));
    }
  });
});
