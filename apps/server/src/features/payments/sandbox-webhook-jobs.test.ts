/**
 * The sandbox's webhooks as jobs (issue 25 item 2), on every test database: a delivery the shop's
 * webhook route refused is retried after its backoff (time moved by the engine's clock, not waited
 * for), an intent change that rolls back sends nothing, and a delivery left by a process that died
 * is made by the next one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { attachApp, createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import {
  advanceQueue,
  FAST_JOBS,
  heldByDeadWorker,
  JOB_WAIT as WAIT,
  manualClock,
} from '../../lib/jobs/testing/job-test-kit.ts';
import { pay, readyCheckout } from '../checkout/checkout.factories.ts';
import { SANDBOX_WEBHOOK_JOB, SANDBOX_WEBHOOK_JOB_OPTIONS } from './sandbox-webhooks.ts';

const ordersFor = (t: TestApp, pi: string) =>
  t.database.db
    .selectFrom('orders')
    .select('order_number')
    .where('payment_intent_id', '=', pi)
    .execute();

/** The sandbox webhook jobs queued, running or failed (none: absent). */
const webhookJobs = async (t: TestApp) => (await t.app.jobs.counts())[SANDBOX_WEBHOOK_JOB];

describe.each(DATABASE_KINDS)('sandbox webhooks by job on %s', (kind) => {
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;

  beforeAll(async () => {
    clock = manualClock();
    t = await createTestApp(kind, {}, {}, false, { now: clock.now, ...FAST_JOBS });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => t?.close());

  it('delivers again after the webhook route refused it once, and the order is made once', async () => {
    const verify = vi.spyOn(t.app.payments, 'verifyWebhook').mockImplementationOnce(() => {
      throw new Error('the database is out of reach');
    });
    const c = await readyCheckout(t);
    expect((await pay(t, c)).status).toBe(200);
    // The route answered 500: the job waits for its retry, no order yet.
    await vi.waitFor(async () => {
      expect(verify).toHaveBeenCalledTimes(1);
      expect(await webhookJobs(t)).toMatchObject({ queued: 1, running: 0 });
    }, WAIT);
    expect(await ordersFor(t, c.paymentIntentId)).toHaveLength(0);

    // The first retry comes 1 to 2 s later.
    const { firstMs } = SANDBOX_WEBHOOK_JOB_OPTIONS.backoff;
    await advanceQueue(t.database.db, t.app.jobs.engine, clock, 2 * firstMs + 1000);
    await vi.waitFor(() => expect(verify).toHaveBeenCalledTimes(2), WAIT);
    await t.app.sandboxWebhooks.drain();
    expect(await webhookJobs(t)).toBeUndefined();
    expect(await ordersFor(t, c.paymentIntentId)).toHaveLength(1);
    const sent = JSON.parse(t.app.sandboxWebhooks.lastSentFor(c.paymentIntentId)!.payload) as {
      id: string;
    };
    expect(sent).toMatchObject({
      type: 'payment_intent.succeeded',
      data: { object: { id: c.paymentIntentId, status: 'succeeded' } },
    });
    // The success page finds that order; the event's replay is a duplicate.
    const success = await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    expect(success.body).toMatchObject({
      orderNumber: (await ordersFor(t, c.paymentIntentId))[0]!.order_number,
    });
    const replay = await t.app.db
      .transaction()
      .execute((trx) => t.app.sandboxWebhooks.enqueue(trx, { id: sent.id, type: 'x' }));
    expect(replay).toBe(false);
    expect(await webhookJobs(t)).toBeUndefined();
  });

  it('an intent change that rolls back enqueues nothing and sends nothing', async () => {
    const enqueue = t.app.jobs.enqueue.bind(t.app.jobs);
    // The enqueue is written, then the transaction fails (a connection lost before the commit).
    vi.spyOn(t.app.jobs, 'enqueue').mockImplementation(async (trx, job) => {
      const done = await enqueue(trx, job);
      if (job.name === SANDBOX_WEBHOOK_JOB) throw new Error('connection lost');
      return done;
    });
    const keys = () =>
      t.database.db
        .selectFrom('job_keys')
        .select('key')
        .where('key', 'like', 'sandbox-webhook:%')
        .execute();
    const keysBefore = await keys();
    const c = await readyCheckout(t);
    const res = await pay(t, c);
    expect(res.status).toBe(500);
    const intent = await t.database.db
      .selectFrom('sandbox_payment_intents')
      .select('status')
      .where('id', '=', c.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(intent.status).toBe('requires_payment_method');
    expect(await webhookJobs(t)).toBeUndefined();
    expect(await keys()).toEqual(keysBefore);
    await t.app.sandboxWebhooks.drain();
    expect(await ordersFor(t, c.paymentIntentId)).toHaveLength(0);
  });
});

describe.each(DATABASE_KINDS)('sandbox webhooks across processes on %s', (kind) => {
  let web: TestApp;
  let next: TestApp | undefined;

  beforeAll(async () => {
    web = await createTestApp(kind, { processRole: 'web' }, {}, false, FAST_JOBS);
  });
  afterAll(async () => {
    await next?.close();
    await web?.close();
  });

  it('a delivery left by a process that died is made by the next process, once', async () => {
    const c = await readyCheckout(web);
    expect((await pay(web, c)).status).toBe(200);
    expect(await webhookJobs(web)).toMatchObject({ queued: 1 });
    // Its run was claimed by a process that died an hour ago.
    await web.database.db
      .transaction()
      .execute((trx) => heldByDeadWorker(trx, web.app.jobs.engine, Date.now()));
    expect(await ordersFor(web, c.paymentIntentId)).toHaveLength(0);

    next = await attachApp(web.database, {}, {}, FAST_JOBS);
    await vi.waitFor(
      async () => expect(await ordersFor(web, c.paymentIntentId)).toHaveLength(1),
      WAIT,
    );
    await next.app.sandboxWebhooks.drain();
    expect(await webhookJobs(next)).toBeUndefined();
    expect(next.app.sandboxWebhooks.sent).toHaveLength(1);
    expect(web.app.sandboxWebhooks.sent).toHaveLength(0);
  });
});
