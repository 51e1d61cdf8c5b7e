/**
 * Events in the transaction (lib/jobs/events.ts) on both engines: a reaction runs if and only if the
 * publishing transaction commits, once per occurrence however often it is published, and each
 * reaction of an event runs on its own (one failing does not hold up the other).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import { bindEvents, EventBus, publishEvent } from './events.ts';
import type { JobQueue } from './job-queue.ts';
import { advanceQueue, JOB_WAIT as WAIT, manualClock, testQueue } from './testing/job-test-kit.ts';

describe.each(DATABASE_KINDS)('events on %s', (kind) => {
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

  /** A bus on a fresh queue, `shipped` handled by `ship` and `invoice` (each records its runs). */
  async function bus(invoice: (n: number) => Promise<void> = async () => {}) {
    const clock = manualClock();
    queue = await testQueue(database, { now: clock.now });
    const events = new EventBus(queue);
    bindEvents(database.db, events);
    const runs = { ship: [] as number[], invoice: [] as number[] };
    events.on<{ n: number }>('order.shipped', 'test.ship', async ({ data }) => {
      runs.ship.push(data.n);
    });
    events.on<{ n: number }>(
      'order.shipped',
      'test.invoice',
      async ({ data }) => {
        runs.invoice.push(data.n);
        await invoice(data.n);
      },
      { backoff: { firstMs: 1000, maxMs: 1000 } },
    );
    await queue.start();
    return { events, runs, clock, queue };
  }

  const shipped = (n: number) => ({ name: 'order.shipped', data: { n }, key: `o${n}` });

  it('runs every reaction once the publishing transaction commits, and none when it rolls back', async () => {
    const { runs, events } = await bus();
    expect(events.reactionsTo('order.shipped')).toEqual(['test.ship', 'test.invoice']);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await publishEvent(trx, shipped(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const enqueued = await database.db
      .transaction()
      .execute((trx) => publishEvent(trx, shipped(2)));
    expect(enqueued).toBe(2);
    await vi.waitFor(() => expect(runs).toEqual({ ship: [2], invoice: [2] }), WAIT);
    // Nothing of the rolled-back event is left to run.
    await vi.waitFor(async () => expect(await queue!.counts()).toEqual({}), WAIT);
  });

  it('runs a reaction once per occurrence, however often the event is published', async () => {
    const { runs } = await bus();
    const again = await database.db.transaction().execute(async (trx) => {
      await publishEvent(trx, shipped(3));
      return publishEvent(trx, shipped(3));
    });
    expect(again).toBe(0);
    await vi.waitFor(() => expect(runs).toEqual({ ship: [3], invoice: [3] }), WAIT);
    // Also once its reactions are done.
    await vi.waitFor(async () => expect(await queue!.counts()).toEqual({}), WAIT);
    expect(await database.db.transaction().execute((trx) => publishEvent(trx, shipped(3)))).toBe(0);
    expect(await queue!.counts()).toEqual({});
  });

  it('retries a failing reaction on its own, without running the others again', async () => {
    let down = true;
    const { runs, clock } = await bus(async () => {
      if (down) throw new Error('the invoicing service is down');
    });
    await database.db.transaction().execute((trx) => publishEvent(trx, shipped(4)));
    await vi.waitFor(() => expect(runs).toEqual({ ship: [4], invoice: [4] }), WAIT);
    down = false;
    await vi.waitFor(async () => {
      expect((await queue!.counts())['test.invoice']).toMatchObject({ running: 0, queued: 1 });
    }, WAIT);
    await advanceQueue(database.db, queue!.engine, clock, 2_000);
    await vi.waitFor(() => expect(runs).toEqual({ ship: [4], invoice: [4, 4] }), WAIT);
  });

  it('enqueues a reaction only for the occurrences its `when` picks', async () => {
    queue = await testQueue(database);
    const events = new EventBus(queue);
    bindEvents(database.db, events);
    const runs: number[] = [];
    events.on<{ n: number }>(
      'order.shipped',
      'test.even',
      async ({ data }) => {
        runs.push(data.n);
      },
      { when: (data) => data.n % 2 === 0 },
    );
    await queue.start();
    const enqueued = await database.db
      .transaction()
      .execute(async (trx) => [
        await publishEvent(trx, shipped(5)),
        await publishEvent(trx, shipped(6)),
      ]);
    expect(enqueued).toEqual([0, 1]);
    await vi.waitFor(() => expect(runs).toEqual([6]), WAIT);
    await vi.waitFor(async () => expect(await queue!.counts()).toEqual({}), WAIT);
  });

  it('refuses a reaction declared twice and a bad event name', async () => {
    queue = await testQueue(database);
    const events = new EventBus(queue);
    events.on('order.shipped', 'test.once', async () => {});
    expect(() => events.on('order.shipped', 'test.once', async () => {})).toThrow(
      'test.once already reacts to order.shipped',
    );
    expect(() => events.on('Order Shipped', 'test.other', async () => {})).toThrow(TypeError);
  });
});
