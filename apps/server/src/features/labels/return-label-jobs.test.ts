/**
 * A recorded return's label is made by a job (return.recorded -> labels.return-label), on every test
 * database: while the label provider is down the job asks again with backoff (time moved by the job
 * engine's clock, not waited for), and a process that only serves requests, as one that died right
 * after the return's commit, leaves the label to any worker.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { attachApp, createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import {
  advanceQueue,
  FAST_JOBS,
  JOB_WAIT as WAIT,
  manualClock,
} from '../../lib/jobs/testing/job-test-kit.ts';
import {
  deliveredOrder,
  labelMade,
  refund,
  returnBody,
  submitReturn,
} from '../returns/returns.factories.ts';
import { RETURN_LABEL_JOB, RETURN_LABEL_JOB_OPTIONS } from './return-label-jobs.ts';

/** A guest's return of a delivered order (unit 0 refunded): the order as answered. */
async function returned(t: TestApp) {
  const { order, email } = await deliveredOrder(t);
  const res = await submitReturn(t, returnBody(order, { 0: refund() }, { email }));
  expect(res.status, res.text).toBe(200);
  return res.body as Order;
}

/** The return's label emails. */
const labelEmails = (t: TestApp, orderNumber: string) =>
  t.database.db
    .selectFrom('email_outbox')
    .select(['kind', 'dedupe_key'])
    .where('kind', '=', 'return-label')
    .where('subject', 'like', `%${orderNumber}%`)
    .execute();

describe.each(DATABASE_KINDS)('return labels by job on %s', (kind) => {
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;

  beforeAll(async () => {
    clock = manualClock();
    t = await createTestApp(kind, {}, {}, false, { now: clock.now, ...FAST_JOBS });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks again with backoff while the provider is down, then makes and emails the label once', async () => {
    /** The label job's run is over and it waits for its next try. */
    const waitingForRetry = () =>
      vi.waitFor(async () => {
        expect((await t.app.jobs.counts())[RETURN_LABEL_JOB]).toMatchObject({
          queued: 1,
          running: 0,
        });
      }, WAIT);
    const down = vi
      .spyOn(t.app.labels, 'createReturnLabel')
      .mockResolvedValue({ ok: false, code: 'label_unavailable', message: 'down', reason: 'x' });
    const order = await returned(t);
    const record = order.returns.at(-1)!;
    expect(record.returnLabel).toBeNull();
    await vi.waitFor(() => expect(down).toHaveBeenCalledTimes(1), WAIT);
    await waitingForRetry();
    // Its next tries come after each backoff (the first 30 to 60 s, the second 60 to 120 s).
    const { firstMs } = RETURN_LABEL_JOB_OPTIONS.backoff;
    await advanceQueue(t.database.db, t.app.jobs.engine, clock, 2 * firstMs + 1000);
    await vi.waitFor(() => expect(down).toHaveBeenCalledTimes(2), WAIT);
    await waitingForRetry();
    down.mockRestore();

    await advanceQueue(t.database.db, t.app.jobs.engine, clock, 4 * firstMs + 1000);
    const url = await labelMade(t, record.id);
    expect(url).toMatch(/\/api\/returns\/labels\/[A-Za-z0-9_-]+\.pdf$/);
    expect(await labelEmails(t, order.orderNumber)).toHaveLength(1);
    await vi.waitFor(async () => {
      expect((await t.app.jobs.counts())[RETURN_LABEL_JOB]).toBeUndefined();
    }, WAIT);
  });
});

describe.each(DATABASE_KINDS)('return labels across processes on %s', (kind) => {
  let web: TestApp;
  let worker: TestApp | undefined;

  beforeAll(async () => {
    web = await createTestApp(kind, { processRole: 'web' }, {}, false, FAST_JOBS);
  });
  afterAll(async () => {
    await worker?.close();
    await web?.close();
  });

  it('leaves the label of a return recorded by a web process to a worker, made once', async () => {
    const order = await returned(web);
    const record = order.returns.at(-1)!;
    // The web process (as one SIGKILLed right after the commit) makes no label.
    expect(record.returnLabel).toBeNull();
    expect((await web.app.jobs.counts())[RETURN_LABEL_JOB]).toMatchObject({ queued: 1 });

    worker = await attachApp(web.database, { processRole: 'worker' }, {}, FAST_JOBS);
    await labelMade(web, record.id);
    expect(await labelEmails(web, order.orderNumber)).toHaveLength(1);
  });
});
