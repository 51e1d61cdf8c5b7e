/**
 * Reconciliation (issue 27 item 3), on every test database, against the sandbox processor: a charge
 * made behind the shop's back is refunded once however often reconciliation runs; a paid checkout
 * whose order was never recorded gets its order; a payment younger than the grace is left alone; an
 * order whose payment charged another amount is an open finding, an attention item on the console's
 * home until an operator closes it; a processor out of reach fails the run and changes nothing; only
 * operators get in.
 */
import type {
  ReconciliationOverview,
  ReconciliationRun,
} from '@sunward/core/console-reconciliation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { markPaidSilently, placeOrder, readyCheckout } from '../checkout/checkout.factories.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';

const HOUR = 60 * 60_000;

describe.each(DATABASE_KINDS)('reconciliation on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const run = async () => {
    const res = await t.request(
      'POST',
      '/api/admin/reconciliation/runs',
      undefined,
      operator.headers,
    );
    expect(res.status).toBe(200);
    return res.body as ReconciliationRun;
  };
  const overview = async () =>
    (await t.request('GET', '/api/admin/reconciliation', undefined, operator.headers))
      .body as ReconciliationOverview;
  const findingOf = async (paymentIntentId: string) =>
    (await overview()).findings.filter((f) => f.paymentIntentId === paymentIntentId);
  const refundsOf = (paymentIntentId: string) =>
    db()
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('payment_intent_id', '=', paymentIntentId)
      .execute();
  /** A payment the processor took with no checkout of the shop's (made elsewhere), `age` ago. */
  async function chargeBehindTheShopsBack(age: number, amount = 5000) {
    const id = newId('pi');
    await db()
      .insertInto('sandbox_payment_intents')
      .values({
        id,
        client_secret: `${id}_secret_x`,
        amount,
        currency: 'usd',
        status: 'succeeded',
        metadata: '{}',
        card_brand: 'visa',
        card_last4: '4242',
        amount_refunded: 0,
        created_at: ago(age),
        updated_at: ago(age),
      })
      .execute();
    return id;
  }
  const backdate = (paymentIntentId: string, age: number) =>
    db()
      .updateTable('sandbox_payment_intents')
      .set({ created_at: ago(age) })
      .where('id', '=', paymentIntentId)
      .execute();

  it('refunds a charge made behind the shop’s back once, however often it runs', async () => {
    const young = await chargeBehindTheShopsBack(10 * 60_000);
    const old = await chargeBehindTheShopsBack(2 * HOUR, 7300);

    const first = await run();
    expect(first).toMatchObject({ status: 'done', startedBy: operator.email });
    expect(await findingOf(old)).toEqual([
      expect.objectContaining({
        kind: 'charge_without_order',
        resolution: 'refunded',
        orderNumber: null,
        processorAmount: 7300,
        detail: "Paid $73.00 through no checkout of the shop's: refunded in full.",
      }),
    ]);
    expect((await refundsOf(old)).map((r) => r.amount)).toEqual([7300]);
    // Younger than the grace: its webhook and success page may still come.
    expect(await findingOf(young)).toEqual([]);
    expect(await refundsOf(young)).toEqual([]);

    // Again, twice at once (two operators, or the daily run meeting a click): nothing more.
    const [again1, again2] = await Promise.all([run(), run()]);
    expect([again1.status, again2.status]).toEqual(['done', 'done']);
    expect(await refundsOf(old)).toHaveLength(1);
    expect(await findingOf(old)).toHaveLength(1);
  });

  it('records the order of a paid checkout whose order was never recorded', async () => {
    const c = await readyCheckout(t);
    await markPaidSilently(t, c.paymentIntentId); // the webhook lost, the success page never reached
    await backdate(c.paymentIntentId, 2 * HOUR);
    await run();
    const [found] = await findingOf(c.paymentIntentId);
    expect(found).toMatchObject({ kind: 'charge_without_order', resolution: 'order_recorded' });
    const order = await db()
      .selectFrom('orders')
      .select(['order_number', 'total'])
      .where('payment_intent_id', '=', c.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(found!.orderNumber).toBe(order.order_number);
    expect(order.total).toBe(c.totals.total);
    expect(await refundsOf(c.paymentIntentId)).toEqual([]);
  });

  it('an amount that differs is open on the console’s home until an operator closes it', async () => {
    const { checkout } = await placeOrder(t);
    await db()
      .updateTable('sandbox_payment_intents')
      .set({ amount: checkout.totals.total - 100 })
      .where('id', '=', checkout.paymentIntentId)
      .execute();
    await backdate(checkout.paymentIntentId, 2 * HOUR);
    await run();
    const [found] = await findingOf(checkout.paymentIntentId);
    expect(found).toMatchObject({
      kind: 'amount_mismatch',
      resolution: 'open',
      shopAmount: checkout.totals.total,
      processorAmount: checkout.totals.total - 100,
    });
    const home = async () =>
      (
        (await t.request('GET', '/api/admin/dashboard', undefined, operator.headers)).body as {
          needsAttention: { paymentsToCheck: { count: number; items: { id: string }[] } };
        }
      ).needsAttention.paymentsToCheck;
    expect((await home()).items.map((i) => i.id)).toContain(found!.id);
    // Found again by the next run: still one finding.
    await run();
    expect(await findingOf(checkout.paymentIntentId)).toHaveLength(1);

    const path = `/api/admin/reconciliation/findings/${found!.id}/close`;
    expect((await t.request('POST', path, { note: '' }, operator.headers)).status).toBe(400);
    const closed = await t.request(
      'POST',
      path,
      { note: 'Charged the difference by hand' },
      operator.headers,
    );
    expect(closed.body).toEqual({ closed: true });
    expect((await home()).items.map((i) => i.id)).not.toContain(found!.id);
    expect((await t.request('POST', path, { note: 'again' }, operator.headers)).status).toBe(404);
    expect((await findingOf(checkout.paymentIntentId))[0]).toMatchObject({
      resolution: 'closed',
      detail: expect.stringContaining('Closed: Charged the difference by hand'),
    });
  });

  it('finds refunds that differ and an order whose payment was not taken, each once', async () => {
    const refunded = (await placeOrder(t)).checkout;
    await db()
      .updateTable('sandbox_payment_intents')
      .set({ amount_refunded: 500 })
      .where('id', '=', refunded.paymentIntentId)
      .execute();
    await backdate(refunded.paymentIntentId, 2 * HOUR);
    const cancelled = (await placeOrder(t)).checkout;
    await db()
      .updateTable('sandbox_payment_intents')
      .set({ status: 'canceled' })
      .where('id', '=', cancelled.paymentIntentId)
      .execute();
    await backdate(cancelled.paymentIntentId, 2 * HOUR);

    const first = await run();
    expect(await findingOf(refunded.paymentIntentId)).toEqual([
      expect.objectContaining({
        kind: 'refund_mismatch',
        resolution: 'open',
        shopAmount: 0,
        processorAmount: 500,
      }),
    ]);
    expect(await findingOf(cancelled.paymentIntentId)).toEqual([
      expect.objectContaining({
        kind: 'order_without_charge',
        resolution: 'open',
        detail: expect.stringContaining('its payment is canceled at the processor'),
      }),
    ]);
    expect(first.findings).toBeGreaterThanOrEqual(2);
    // Found again by the next run: not new, not counted again.
    const second = await run();
    expect(second.findings).toBe(0);
    expect(await findingOf(refunded.paymentIntentId)).toHaveLength(1);
  });

  it('a charge young at one run is refunded by a later one; a refund refused is asked again', async () => {
    const charge = await chargeBehindTheShopsBack(30 * 60_000, 4100);
    await run();
    expect(await refundsOf(charge)).toEqual([]);
    await backdate(charge, 2 * HOUR);

    const payments = t.app.payments;
    const refund = payments.refund;
    payments.refund = () =>
      Promise.resolve({ ok: false, code: 'api_error', message: 'The processor is busy.' });
    try {
      const refused = await run();
      expect(refused.findings).toBe(1);
    } finally {
      payments.refund = refund;
    }
    expect(await findingOf(charge)).toEqual([
      expect.objectContaining({
        resolution: 'open',
        detail: expect.stringContaining('the refund failed (The processor is busy.)'),
      }),
    ]);
    expect(await refundsOf(charge)).toEqual([]);

    const retried = await run();
    expect(retried.findings).toBe(0); // the same finding, now settled
    expect((await refundsOf(charge)).map((r) => r.amount)).toEqual([4100]);
    expect(await findingOf(charge)).toEqual([expect.objectContaining({ resolution: 'refunded' })]);
  });

  it('a processor out of reach fails the run with the reason and changes nothing', async () => {
    const old = await chargeBehindTheShopsBack(3 * HOUR);
    const payments = t.app.payments;
    const listPayments = payments.listPayments;
    payments.listPayments = () => Promise.reject(new Error('Stripe is down.'));
    try {
      expect(await run()).toMatchObject({ status: 'failed', error: 'Stripe is down.' });
    } finally {
      payments.listPayments = listPayments;
    }
    expect(await refundsOf(old)).toEqual([]);
    expect((await overview()).runs[0]).toMatchObject({
      status: 'failed',
      error: 'Stripe is down.',
    });
    // The next run finds it.
    await run();
    expect(await refundsOf(old)).toHaveLength(1);
  });

  it('is the operators’ only', async () => {
    const shopper = await customerToken(t);
    for (const [method, path] of [
      ['GET', '/api/admin/reconciliation'],
      ['POST', '/api/admin/reconciliation/runs'],
    ] as const) {
      expect((await t.request(method, path)).status).toBe(401);
      expect((await t.request(method, path, undefined, shopper.headers)).status).toBe(403);
    }
  });
});
