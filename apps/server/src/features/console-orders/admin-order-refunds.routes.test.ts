/**
 * Refunds from the console over real HTTP on every test database, with orders paid end to end in the
 * sandbox: by shirts (price plus tax share), by shipping, by amount, what is left always the limit,
 * one refund per idempotency key however often or however concurrently it is sent, a refusing
 * provider leaves nothing behind, and each refund is emailed, recorded with its operator and shown on
 * the order's page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleOrderDetail, RefundAnswer, RefundQuote } from '@sunward/core/console-orders';
import { taxShares } from '@sunward/core/returns';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { cartLine, placeOrder } from '../checkout/checkout.factories.ts';
import { operatorToken, type Person } from '../operators/operators.factories.ts';
import { insertConsoleOrder } from './admin-orders.factories.ts';

describe.each(DATABASE_KINDS)('console refunds on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  let keys = 0;
  const key = () => `test-key-${Date.now()}-${++keys}`;

  /** 2 x MD Regular on line 1 and 1 x LG Regular on line 2, priority shipping (never free). */
  async function paidOrder() {
    const { order } = await placeOrder(t, {
      cart: [
        cartLine({ quantity: 2 }),
        cartLine({ id: 'line-2', itemId: 654321, size: 'lgr', quantity: 1 }),
      ],
      shippingOption: 'priority',
    });
    const row = await db()
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', order.orderNumber)
      .executeTakeFirstOrThrow();
    return { order, row };
  }

  const refund = (orderNumber: string, body: object) =>
    t.request('POST', `/api/admin/orders/${orderNumber}/refunds`, body, operator.headers);
  const quote = (orderNumber: string, body: object) =>
    t.request('POST', `/api/admin/orders/${orderNumber}/refunds/quote`, body, operator.headers);
  const detail = async (orderNumber: string) =>
    (await t.request('GET', `/api/admin/orders/${orderNumber}`, undefined, operator.headers))
      .body as ConsoleOrderDetail;
  const traces = async (orderId: string, intentId: string) => ({
    refunds: await db()
      .selectFrom('order_refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute(),
    emails: await db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', 'payment-refunded')
      .execute(),
    actions: await db()
      .selectFrom('operator_actions')
      .selectAll()
      .where('action', '=', 'order.refund')
      .execute()
      .then((rows) => rows.filter((r) => (JSON.parse(r.detail) as { refundId: string }).refundId)),
    sandbox: await db()
      .selectFrom('sandbox_refunds')
      .select('amount')
      .where('payment_intent_id', '=', intentId)
      .execute(),
  });

  it('refunds shirts at their price plus their tax share, and the shipping, as quoted', async () => {
    const { order, row } = await paidOrder();
    const shares = taxShares(row.sales_tax, 3);
    expect(row.shipping).toBeGreaterThan(0);

    const pick = { items: [{ line: 1, quantity: 1 }] };
    const quoted = await quote(order.orderNumber, pick);
    expect(quoted.status, quoted.text).toBe(200);
    expect(quoted.body).toEqual({
      amount: 4500 + shares[0]!,
      lines: [
        { line: 1, quantity: 1, unitAmount: 4500, tax: shares[0]!, amount: 4500 + shares[0]! },
      ],
      shipping: 0,
      left: row.total,
    } satisfies RefundQuote);

    const k = key();
    const res = await refund(order.orderNumber, {
      ...pick,
      reason: 'Misprinted logo',
      idempotencyKey: k,
    });
    expect(res.status, res.text).toBe(200);
    const answer = res.body as RefundAnswer;
    expect(answer).toMatchObject({
      created: true,
      refund: {
        amount: 4500 + shares[0]!,
        reason: 'Misprinted logo',
        actor: 'operator',
        operatorEmail: operator.email,
        scope: { items: [{ line: 1, quantity: 1 }], shipping: false },
      },
      refunded: 4500 + shares[0]!,
      left: row.total - 4500 - shares[0]!,
      paymentStatus: 'partly-refunded',
    });

    // The same key again (a double click): the same refund, nothing more.
    const again = await refund(order.orderNumber, {
      ...pick,
      reason: 'Misprinted logo',
      idempotencyKey: k,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, refund: { id: answer.refund.id } });

    // The next shirt of line 1 gets the next tax share; the shipping alone is the shipping charge.
    const second = await refund(order.orderNumber, {
      items: [{ line: 1, quantity: 1 }],
      shipping: true,
      reason: 'Late delivery',
      idempotencyKey: key(),
    });
    expect(second.status, second.text).toBe(200);
    expect((second.body as RefundAnswer).refund.amount).toBe(4500 + shares[1]! + row.shipping);

    const more = await quote(order.orderNumber, { items: [{ line: 1, quantity: 1 }] });
    expect(more.status).toBe(422);
    expect(more.body).toEqual({
      code: 'invalid_amount',
      message: 'Line 1 was already refunded in full.',
    });
    const shipping = await refund(order.orderNumber, {
      shipping: true,
      reason: 'x',
      idempotencyKey: key(),
    });
    expect(shipping.status).toBe(422);
    expect(shipping.body).toMatchObject({ message: 'The shipping was already refunded.' });

    // The last shirt: everything paid is back, to the cent.
    const last = await refund(order.orderNumber, {
      items: [{ line: 2, quantity: 1 }],
      reason: 'Wrong size',
      idempotencyKey: key(),
    });
    expect(last.status, last.text).toBe(200);
    expect(last.body).toMatchObject({ left: 0, refunded: row.total, paymentStatus: 'refunded' });

    const after = await traces(row.id, row.payment_intent_id!);
    expect(after.refunds.map((r) => [r.actor, r.actor_id])).toEqual([
      ['operator', operator.customerId],
      ['operator', operator.customerId],
      ['operator', operator.customerId],
    ]);
    expect(after.sandbox.map((r) => r.amount).sort()).toEqual(
      after.refunds.map((r) => r.amount).sort(),
    );
    expect(after.emails).toHaveLength(3);
    expect(after.emails[0]!.subject).toBe(
      `Sunward: a refund of $${((4500 + shares[0]!) / 100).toFixed(2)} for order ${order.orderNumber}`,
    );
    expect(after.emails[0]!.to_address).toBe(row.email);
    expect(after.emails[2]!.text).toContain('Your order is now refunded in full.');
    expect(after.actions.filter((a) => a.target_id === order.orderNumber)).toHaveLength(3);

    const page = await detail(order.orderNumber);
    expect(page.paymentStatus).toBe('refunded');
    expect(page.lines.map((l) => l.refundedUnits)).toEqual([2, 1]);
    expect(page.shippingRefunded).toBe(true);
    expect(page.payment.refunds.map((r) => [r.reason, r.operatorEmail])).toEqual([
      ['Misprinted logo', operator.email],
      ['Late delivery', operator.email],
      ['Wrong size', operator.email],
    ]);
    expect(page.emails.map((e) => e.kind)).toEqual([
      'order-confirmation',
      'payment-refunded',
      'payment-refunded',
      'payment-refunded',
    ]);
  });

  it('refunds an amount, never more than is left, and checks what it is asked', async () => {
    const { order, row } = await paidOrder();
    const ok = await refund(order.orderNumber, {
      amount: 250,
      reason: 'Goodwill',
      idempotencyKey: key(),
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ refund: { amount: 250, scope: null }, left: row.total - 250 });

    const over = await refund(order.orderNumber, {
      amount: row.total - 249,
      reason: 'Too much',
      idempotencyKey: key(),
    });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'exceeds_paid' });
    expect((over.body as { message: string }).message).toMatch(
      /more than the \$[\d.,]+ left to refund/,
    );
    const overQuote = await quote(order.orderNumber, { amount: row.total });
    expect(overQuote.status).toBe(409);

    for (const body of [
      { amount: 100, reason: '', idempotencyKey: key() },
      { amount: 100, idempotencyKey: key() },
      { amount: 100, reason: 'x' },
      { amount: 0, reason: 'x', idempotencyKey: key() },
      { amount: 12.5, reason: 'x', idempotencyKey: key() },
      { amount: 100, items: [{ line: 1, quantity: 1 }], reason: 'x', idempotencyKey: key() },
      { reason: 'x', idempotencyKey: 'short' },
    ]) {
      const res = await refund(order.orderNumber, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const [body, message] of [
      [
        { reason: 'x', idempotencyKey: key() },
        'Choose the shirts or the shipping to refund, or an amount.',
      ],
      [
        { items: [{ line: 3, quantity: 1 }], reason: 'x', idempotencyKey: key() },
        'This order has no line 3.',
      ],
      [
        { items: [{ line: 1, quantity: 3 }], reason: 'x', idempotencyKey: key() },
        'Line 1 has 2 shirts left to refund; 3 asked.',
      ],
    ] as const) {
      const res = await refund(order.orderNumber, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: 'invalid_amount', message });
    }
    const missing = await refund('NOSUCH0RDER', { amount: 1, reason: 'x', idempotencyKey: key() });
    expect(missing.status).toBe(404);
    const after = await traces(row.id, row.payment_intent_id!);
    expect(after.refunds.map((r) => r.amount)).toEqual([250]);
  });

  it('makes one refund of ten identical sends, and one of ten sends for everything left', async () => {
    const { order, row } = await paidOrder();
    const k = key();
    const same = await Promise.all(
      Array.from({ length: 10 }, () =>
        refund(order.orderNumber, {
          items: [{ line: 2, quantity: 1 }],
          reason: 'Dup',
          idempotencyKey: k,
        }),
      ),
    );
    expect(same.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(same.filter((r) => (r.body as RefundAnswer).created)).toHaveLength(1);
    expect(new Set(same.map((r) => (r.body as RefundAnswer).refund.id)).size).toBe(1);

    const left = row.total - (same[0]!.body as RefundAnswer).refund.amount;
    const all = await Promise.all(
      Array.from({ length: 10 }, () =>
        refund(order.orderNumber, { amount: left, reason: 'All', idempotencyKey: key() }),
      ),
    );
    expect(all.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);

    const after = await traces(row.id, row.payment_intent_id!);
    expect(after.refunds).toHaveLength(2);
    expect(after.sandbox).toHaveLength(2);
    expect(after.emails).toHaveLength(2);
    const now = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(now.amount_refunded).toBe(row.total);
  });

  it('refunds a shirt once when five operators refund it at the same moment', async () => {
    const { order, row } = await paidOrder();
    const sends = await Promise.all(
      Array.from({ length: 5 }, () =>
        refund(order.orderNumber, {
          items: [{ line: 2, quantity: 1 }],
          reason: 'Race',
          idempotencyKey: key(),
        }),
      ),
    );
    expect(sends.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
    const refused = sends.find((r) => r.status === 422)!;
    expect(refused.body).toEqual({
      code: 'invalid_amount',
      message: 'Line 2 was already refunded in full.',
    });
    const after = await traces(row.id, row.payment_intent_id!);
    expect(after.refunds).toHaveLength(1);
    expect(after.sandbox).toHaveLength(1);
  });

  it('a refund the provider refuses is a 502 with its reason, and nothing is recorded or sent', async () => {
    const { order, row } = await paidOrder();
    // Refunded outside the shop (the processor's dashboard): the provider has nothing left.
    const outside = await t.app.payments.refund(row.payment_intent_id!, {
      idempotencyKey: `outside:${row.id}`,
    });
    expect(outside.ok).toBe(true);
    const res = await refund(order.orderNumber, {
      amount: 500,
      reason: 'Stain',
      idempotencyKey: key(),
    });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'refund_failed' });
    expect((res.body as { message: string }).message).toMatch(
      /^The payment provider refused the refund \(.+\)\. Nothing was refunded\.$/,
    );
    const after = await traces(row.id, row.payment_intent_id!);
    expect(after.refunds).toEqual([]);
    expect(after.emails).toEqual([]);
    expect(after.actions.filter((a) => a.target_id === order.orderNumber)).toEqual([]);
    expect(after.sandbox.map((r) => r.amount)).toEqual([row.total]); // only the outside one
  });

  it('an order nobody paid for has nothing to refund', async () => {
    const replacement = await insertConsoleOrder(db(), { total: 0, subtotal: 0, sales_tax: 0 });
    const res = await quote(replacement.order_number, { amount: 1 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'not_paid' });
    const sent = await refund(replacement.order_number, {
      amount: 1,
      reason: 'x',
      idempotencyKey: key(),
    });
    expect(sent.status).toBe(409);
  });
});
