/**
 * Issue 23, item 2: a payment that succeeded but cannot become an order, whatever the reason (here a
 * database error while the order is recorded, made for real by a trigger on `orders`), is refunded once
 * and the shopper told; a transient error (serialization failure, SQLITE_BUSY) is retried, never
 * refunded; and a checkout marked for a refund can no longer become an order.
 */
import { formatMoney } from '@sunward/core/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { openSqliteFile } from '../../db/sqlite-driver.ts';
import {
  advanceQueue,
  FAST_JOBS,
  JOB_WAIT,
  manualClock,
} from '../../lib/jobs/testing/job-test-kit.ts';
import { markPaidSilently, pay, readyCheckout } from '../checkout/checkout.factories.ts';
import { signPayload } from '../payments/webhook-signature.ts';

const RETRY_LOG = 'order transaction hit a transient database error; trying again';

describe.each(DATABASE_KINDS)('a paid intent whose order cannot be recorded, on %s', (kind) => {
  let t: TestApp;
  /** The app's log lines, and a hook called (synchronously, as pino writes) with each. */
  const logs: { level: number; msg: string; paymentIntentId?: string; err?: unknown }[] = [];
  let onLog: (line: (typeof logs)[number]) => void = () => {};
  /** The job engine's clock: the refund's job is due a minute after the checkout closed. */
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {},
      {},
      {
        level: 'warn',
        stream: {
          write(line: string) {
            const parsed = JSON.parse(line) as (typeof logs)[number];
            logs.push(parsed);
            onLog(parsed);
          },
        },
      },
      { now: clock.now, ...FAST_JOBS },
    );
    if (kind === 'postgres') {
      // Raises for one intent's order only (its id is the trigger's argument): `boom` always, or a
      // serialization failure while the sequence named second has not been used `times` times.
      await sql`
        create function test_refuse_order() returns trigger language plpgsql as $$
        begin
          if new.payment_intent_id = tg_argv[0] then
            if tg_argv[1] is null then
              raise exception 'boom';
            elsif nextval(tg_argv[1]) <= tg_argv[2]::int then
              raise exception 'could not serialize access' using errcode = '40001';
            end if;
          end if;
          return new;
        end $$`.execute(t.database.db);
    }
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const order = (c: { paymentIntentId: string; clientSecret: string }) =>
    t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
  const webhook = (id: string, pi: string) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: pi, object: 'payment_intent' } },
    });
    const signature = signPayload(
      t.app.sandboxWebhooks.secret,
      payload,
      Math.floor(Date.now() / 1000),
    );
    return t.request('POST', '/api/webhooks/payments', payload, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });
  };

  /** A real database error on every insert of this intent's order. */
  async function refuseOrdersOf(pi: string) {
    const name = sql.id(`refuse_${pi}`);
    if (kind === 'sqlite') {
      await sql`create trigger ${name} after insert on orders when new.payment_intent_id = ${sql.lit(pi)}
        begin select raise(abort, 'boom'); end`.execute(db());
    } else {
      await sql`create trigger ${name} after insert on orders for each row
        execute function test_refuse_order(${sql.lit(pi)})`.execute(db());
    }
    return () =>
      sql`drop trigger ${name}${kind === 'postgres' ? sql` on orders` : sql``}`.execute(db());
  }

  /**
   * `times` transient errors on this intent's order, then none: on PostgreSQL a serialization failure
   * raised by the trigger; on SQLite a real SQLITE_BUSY, another connection holding the write lock
   * while the app waits only briefly for it, let go when the app says it retries for the last time.
   */
  async function transientErrorsOn(pi: string, times: number) {
    if (kind === 'postgres') {
      const seq = `refuse_seq_${pi}`;
      const name = sql.id(`refuse_${pi}`);
      await sql`create sequence ${sql.id(seq)}`.execute(db());
      await sql`create trigger ${name} after insert on orders for each row
        execute function test_refuse_order(${sql.lit(pi)}, ${sql.lit(seq)}, ${sql.lit(String(times))})`.execute(
        db(),
      );
      return async () => {
        await sql`drop trigger ${name} on orders`.execute(db());
      };
    }
    await sql`pragma busy_timeout = 20`.execute(db());
    const lock = openSqliteFile(t.database.url.slice('sqlite:'.length));
    lock.exec('begin immediate');
    let retries = 0;
    const release = () => {
      if (lock.inTransaction) lock.exec('rollback');
    };
    onLog = (line) => {
      if (line.msg === RETRY_LOG && line.paymentIntentId === pi && ++retries === times) release();
    };
    return async () => {
      onLog = () => {};
      release();
      lock.close();
      await sql`pragma busy_timeout = 5000`.execute(db());
    };
  }

  const checkoutOf = (pi: string) =>
    db()
      .selectFrom('checkouts')
      .selectAll()
      .where('payment_intent_id', '=', pi)
      .executeTakeFirstOrThrow();
  const refundsOf = (pi: string) =>
    db()
      .selectFrom('sandbox_refunds')
      .select('amount')
      .where('payment_intent_id', '=', pi)
      .execute();
  const intentOf = (pi: string) =>
    db()
      .selectFrom('sandbox_payment_intents')
      .selectAll()
      .where('id', '=', pi)
      .executeTakeFirstOrThrow();
  const refundMailsOf = (pi: string) =>
    db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('dedupe_key', '=', `payment-refunded:${pi}`)
      .execute();
  const ordersOf = (pi: string) =>
    db().selectFrom('orders').select('id').where('payment_intent_id', '=', pi).execute();
  const refundedMessage = (total: number) =>
    `We could not complete your order, so your payment of ${formatMoney(total)} has been refunded in full; no order was placed. We have emailed you the details.`;

  /** Paid, with the billing details a confirmation leaves on the intent, but no webhook sent. */
  async function paidCheckout() {
    const c = await readyCheckout(t);
    await markPaidSilently(t, c.paymentIntentId);
    const row = await checkoutOf(c.paymentIntentId);
    return { ...c, total: row.total };
  }

  /** Everything the refund leaves behind: asserted after the first answer and after every repeat. */
  async function expectRefundedOnce(c: { paymentIntentId: string; total: number }) {
    const pi = c.paymentIntentId;
    expect(await ordersOf(pi)).toHaveLength(0);
    expect(await refundsOf(pi)).toEqual([{ amount: c.total }]);
    expect(Number((await intentOf(pi)).amount_refunded)).toBe(c.total);
    expect((await checkoutOf(pi)).status).toBe('refunded');
    const mails = await refundMailsOf(pi);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'payment-refunded', to_address: 'jamie@example.com' });
    expect(mails[0]!.text).toContain(`Your payment of ${formatMoney(c.total)} has been refunded`);
    expect(mails[0]!.text).toContain('something went wrong on our side');
    expect(mails[0]!.text).not.toContain('boom');
  }

  it('the success page first: refunded once, the shopper told; again and the webhook change nothing', async () => {
    const c = await paidCheckout();
    await refuseOrdersOf(c.paymentIntentId);
    const res = await order(c);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'refunded', message: refundedMessage(c.total) });
    await expectRefundedOnce(c);
    // Logged for an operator, with the intent and the error itself.
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 50,
        paymentIntentId: c.paymentIntentId,
        err: expect.objectContaining({ message: expect.stringContaining('boom') }),
      }),
    );

    expect(await order(c)).toMatchObject({ status: 409, body: res.body });
    const hook = await webhook(`evt_after_page_${kind}`, c.paymentIntentId);
    expect(hook).toMatchObject({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect(await order(c)).toMatchObject({ status: 409, body: res.body });
    await expectRefundedOnce(c);
  });

  it('the webhook first: recorded as handled, refunded once; the success page then says so', async () => {
    const c = await paidCheckout();
    await refuseOrdersOf(c.paymentIntentId);
    const event = `evt_first_${kind}`;
    const hook = await webhook(event, c.paymentIntentId);
    expect(hook).toMatchObject({ status: 200, body: { received: true, outcome: 'ignored' } });
    await expectRefundedOnce(c);
    // Recorded: its re-delivery is a duplicate, not a second try.
    expect((await webhook(event, c.paymentIntentId)).body).toEqual({
      received: true,
      outcome: 'duplicate',
    });
    const res = await order(c);
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'refunded', message: refundedMessage(c.total) },
    });
    await expectRefundedOnce(c);
  });

  it('the success page and the sandbox webhook racing after a real payment: one refund, one email', async () => {
    const c = await readyCheckout(t);
    await refuseOrdersOf(c.paymentIntentId);
    expect((await pay(t, c)).status).toBe(200);
    const answers = await Promise.all([order(c), order(c)]);
    await t.app.sandboxWebhooks.drain();
    const total = (await checkoutOf(c.paymentIntentId)).total;
    for (const res of answers) {
      expect(res).toMatchObject({
        status: 409,
        body: { code: 'refunded', message: refundedMessage(total) },
      });
    }
    await expectRefundedOnce({ ...c, total });
  });

  it('a transient error is retried: the order is made, nothing refunded', async () => {
    const c = await paidCheckout();
    const restore = await transientErrorsOn(c.paymentIntentId, 2);
    try {
      const res = await order(c);
      expect(res.status).toBe(200);
      expect(await ordersOf(c.paymentIntentId)).toHaveLength(1);
      // Two real transient errors from the database, each retried.
      const retries = logs.filter(
        (l) => l.msg === RETRY_LOG && l.paymentIntentId === c.paymentIntentId,
      );
      expect(retries.map((l) => (l.err as { code: string }).code)).toEqual(
        Array(2).fill(kind === 'sqlite' ? 'SQLITE_BUSY' : '40001'),
      );
    } finally {
      await restore();
    }
    expect(await refundsOf(c.paymentIntentId)).toEqual([]);
    expect((await checkoutOf(c.paymentIntentId)).status).toBe('completed');
    expect(await refundMailsOf(c.paymentIntentId)).toEqual([]);
  });

  it('a transient error that outlasts the retries is a 503, never a refund; a later call orders', async () => {
    const c = await paidCheckout();
    const restore = await transientErrorsOn(c.paymentIntentId, 100);
    try {
      const res = await order(c);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: 'unavailable',
        message: expect.stringMatching(/reload this page/),
      });
      const hook = await webhook(`evt_busy_${kind}`, c.paymentIntentId);
      expect(hook.status).toBe(503);
      expect((await checkoutOf(c.paymentIntentId)).status).toBe('open');
    } finally {
      await restore();
    }
    expect((await order(c)).status).toBe(200);
    expect(await refundsOf(c.paymentIntentId)).toEqual([]);
  });

  it('a checkout left marked for a refund (a crash before the refund) is refunded, never ordered', async () => {
    const c = await paidCheckout();
    await db()
      .updateTable('checkouts')
      .set({ status: 'refunding' })
      .where('payment_intent_id', '=', c.paymentIntentId)
      .execute();
    const res = await order(c);
    expect(res).toMatchObject({ status: 409, body: { code: 'refunded' } });
    await expectRefundedOnce(c);
  });

  it('a refund the provider refuses for the moment is made by its job, with nobody calling again', async () => {
    const c = await paidCheckout();
    await refuseOrdersOf(c.paymentIntentId);
    const refusing = vi.spyOn(t.app.payments, 'refund').mockResolvedValueOnce({
      ok: false,
      code: 'api_error',
      message: 'The payment service is unavailable.',
    });
    const res = await order(c);
    expect(res).toMatchObject({ status: 409, body: { code: 'refund_failed' } });
    expect(refusing).toHaveBeenCalledTimes(1);
    refusing.mockRestore();
    expect(await refundsOf(c.paymentIntentId)).toEqual([]);
    expect((await checkoutOf(c.paymentIntentId)).status).toBe('refunding');

    // The shopper closes the tab and no webhook comes: a minute later the job refunds, once.
    await advanceQueue(db(), t.app.jobs.engine, clock, 61_000);
    await vi.waitFor(
      async () => expect((await checkoutOf(c.paymentIntentId)).status).toBe('refunded'),
      JOB_WAIT,
    );
    await expectRefundedOnce(c);
    // A reload afterwards says so and changes nothing.
    expect(await order(c)).toMatchObject({ status: 409, body: { code: 'refunded' } });
    await expectRefundedOnce(c);
  });

  it('a crash after the refund: the next call finishes without refunding again', async () => {
    const c = await paidCheckout();
    const checkout = await checkoutOf(c.paymentIntentId);
    await db()
      .updateTable('checkouts')
      .set({ status: 'refunding' })
      .where('id', '=', checkout.id)
      .execute();
    await t.app.payments.refund(c.paymentIntentId, {
      idempotencyKey: `checkout:${checkout.id}:refund-unorderable`,
    });
    const res = await webhook(`evt_after_crash_${kind}`, c.paymentIntentId);
    expect(res).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    await expectRefundedOnce(c);
  });
});
