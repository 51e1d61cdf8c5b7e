/**
 * PATCH /api/orders/status over real HTTP on every test database: an operator moves a paid order along
 * core's machine (fulfilment, shipped with carrier and tracking and its email, delivered), cancels with
 * a refund through the sandbox, is told which changes are allowed when asking for another, and a
 * double click or two operators make one change. Customers and strangers change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { cartLine, placeOrder } from '../checkout/checkout.factories.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import * as repo from './orders.repository.ts';

describe.each(DATABASE_KINDS)('PATCH /api/orders/status on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const patch = (body: Record<string, unknown>, who: Person | null = operator) =>
    t.request('PATCH', '/api/orders/status', body, who ? who.headers : {});

  /** A guest order paid end to end: 2 shirts in `size`. */
  async function paidOrder(size = 'mdr') {
    const { order } = await placeOrder(t, { cart: [cartLine({ quantity: 2, size })] });
    const row = await repo.findOrderByNumber(db(), order.orderNumber);
    return { order, row: row! };
  }

  const events = (orderId: string) => repo.listEvents(db(), orderId);
  const actions = (orderNumber: string) =>
    db()
      .selectFrom('operator_actions')
      .selectAll()
      .where('target_id', '=', orderNumber)
      .orderBy('at')
      .execute();
  /** The order's emails of one kind (their dedupe keys carry the order's id). */
  const emails = (orderId: string, kind: string) =>
    db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('kind', '=', kind)
      .where('dedupe_key', 'like', `${kind}:${orderId}%`)
      .execute();
  const stockOf = async (size: string) =>
    (
      await db()
        .selectFrom('inventory')
        .select('stock')
        .where('size', '=', size)
        .executeTakeFirstOrThrow()
    ).stock;
  const setStock = (size: string, stock: number | null) =>
    db().updateTable('inventory').set({ stock }).where('size', '=', size).execute();

  it('pending -> in-progress -> shipped (USPS, tracking emailed) -> completed, each recorded', async () => {
    const { order, row } = await paidOrder();
    const start = await patch({ orderNumber: order.orderNumber, status: 'in-progress' });
    expect(start.status).toBe(200);
    expect((start.body as Order).status).toBe('in-progress');

    const ship = await patch({
      orderNumber: order.orderNumber,
      status: 'shipped',
      carrier: 'USPS',
      tracking: '9400 1118 9922 3397 4555 22',
    });
    expect(ship.status).toBe(200);
    const shipped = ship.body as Order;
    expect(shipped).toMatchObject({
      status: 'shipped',
      carrier: 'usps',
      tracking: '9400111899223397455522',
    });

    const mail = await emails(row.id, 'order-shipped');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Sunward order ${order.orderNumber} has shipped`);
    expect(mail[0]!.text).toContain(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223397455522',
    );
    expect(mail[0]!.html).toContain('Track your package');

    const done = await patch({ orderNumber: order.orderNumber, status: 'completed' });
    expect(done.status).toBe(200);

    const log = await events(row.id);
    expect(log.map((e) => [e.from_status, e.to_status, e.actor])).toEqual([
      [null, 'pending', 'system'],
      ['pending', 'in-progress', 'operator'],
      ['in-progress', 'shipped', 'operator'],
      ['shipped', 'completed', 'operator'],
    ]);
    expect(log.slice(1).every((e) => e.actor_id === operator.customerId)).toBe(true);
    const recorded = await actions(order.orderNumber);
    expect(recorded.map((a) => [a.action, a.operator_email])).toEqual([
      ['order.start-fulfilment', operator.email],
      ['order.ship', operator.email],
      ['order.complete', operator.email],
    ]);
    expect(JSON.parse(recorded[1]!.detail)).toMatchObject({
      from: 'in-progress',
      to: 'shipped',
      carrier: 'usps',
      tracking: '9400111899223397455522',
    });
  });

  it('a change the machine does not allow is 409 naming the allowed ones, and changes nothing', async () => {
    const { order, row } = await paidOrder();
    const skip = await patch({
      orderNumber: order.orderNumber,
      status: 'shipped',
      carrier: 'ups',
      tracking: '1Z999AA10123456784',
    });
    expect(skip.status).toBe(409);
    expect(skip.body).toMatchObject({
      code: 'illegal_transition',
      message: 'This order is pending: it can move to in-progress or cancelled, not shipped.',
    });
    const refund = await patch({ orderNumber: order.orderNumber, status: 'refund' });
    expect(refund.status).toBe(409);
    expect((refund.body as { message: string }).message).toContain(
      "A return's refund is issued from the return",
    );
    const back = await patch({ orderNumber: order.orderNumber, status: 'pending' });
    expect(back.status).toBe(409);
    expect((await repo.findOrder(db(), row.id))!.status).toBe('pending');
    expect(await events(row.id)).toHaveLength(1);
    expect(await actions(order.orderNumber)).toHaveLength(0);
  });

  it.each([
    [{}, 'Shipping an order needs its carrier and tracking number.'],
    [{ carrier: 'usps' }, 'Shipping an order needs its carrier and tracking number.'],
    [
      { tracking: '9400111899223397455522' },
      'Shipping an order needs its carrier and tracking number.',
    ],
    [
      { carrier: 'ontrac', tracking: '9400111899223397455522' },
      'The carrier is one of USPS, UPS, FedEx or DHL.',
    ],
    [
      { carrier: 'usps', tracking: '94-00' },
      'A tracking number is 8 to 40 letters and digits (spaces are ignored).',
    ],
  ])('shipping with %j is 400: %s', async (extra, message) => {
    const { order, row } = await paidOrder();
    await patch({ orderNumber: order.orderNumber, status: 'in-progress' });
    const res = await patch({ orderNumber: order.orderNumber, status: 'shipped', ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'tracking_required', message });
    const now = (await repo.findOrder(db(), row.id))!;
    expect([now.status, now.tracking, now.carrier]).toEqual(['in-progress', null, null]);
  });

  it('bad bodies are 400 and an unknown order 404', async () => {
    expect((await patch({ orderNumber: 'NOPE-0000', status: 'in-progress' })).status).toBe(404);
    expect((await patch({ orderNumber: 'x', status: 'sold' })).status).toBe(400);
    expect((await patch({ orderNumber: 'a\u0000b', status: 'in-progress' })).status).toBe(400);
    expect((await patch({ status: 'in-progress' })).status).toBe(400);
  });

  it('ten identical ship requests at once: one change, one event, one email, ten answers of the order', async () => {
    const { order, row } = await paidOrder();
    await patch({ orderNumber: order.orderNumber, status: 'in-progress' });
    const body = {
      orderNumber: order.orderNumber,
      status: 'shipped',
      carrier: 'fedex',
      tracking: '123456789012',
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => patch(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => (a.body as Order).tracking === '123456789012')).toBe(true);
    expect((await events(row.id)).filter((e) => e.to_status === 'shipped')).toHaveLength(1);
    expect(await emails(row.id, 'order-shipped')).toHaveLength(1);
    expect(
      (await actions(order.orderNumber)).filter((a) => a.action === 'order.ship'),
    ).toHaveLength(1);
    // Another tracking number for a shipped order is not a status change.
    const other = await patch({ ...body, tracking: '999999999999' });
    expect(other.status).toBe(409);
  });

  it('cancelling an order in progress refunds it through the sandbox once, restocks and tells the customer', async () => {
    await setStock('xls', 7);
    const { order, row } = await paidOrder('xls');
    expect(await stockOf('xls')).toBe(5);
    await patch({ orderNumber: order.orderNumber, status: 'in-progress' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        patch({ orderNumber: order.orderNumber, status: 'cancelled', reason: 'misprint' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    const refunds = await db()
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('payment_intent_id', '=', row.payment_intent_id!)
      .execute();
    expect(refunds.map((r) => r.amount)).toEqual([row.total]);
    const now = (await repo.findOrder(db(), row.id))!;
    expect([now.status, now.amount_refunded]).toEqual(['cancelled', row.total]);
    expect(await stockOf('xls')).toBe(7);
    await setStock('xls', null);
    const mail = await emails(row.id, 'order-cancelled');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('we had to cancel your order');
    const cancel = (await actions(order.orderNumber)).filter((a) => a.action === 'order.cancel');
    expect(cancel).toHaveLength(1);
    expect(JSON.parse(cancel[0]!.detail)).toMatchObject({
      refunded: row.total,
      reason: 'misprint',
    });
    const event = (await events(row.id)).at(-1)!;
    expect([event.to_status, event.reason, event.actor_id]).toEqual([
      'cancelled',
      'misprint',
      operator.customerId,
    ]);
  });

  it('an order in return stays there while a return is open (409), and may close once none is', async () => {
    const { order, row } = await paidOrder();
    await db().updateTable('orders').set({ status: 'return' }).where('id', '=', row.id).execute();
    const now = new Date().toISOString();
    await db()
      .insertInto('returns')
      .values({
        id: `ret_${row.id}`,
        public_id: `pub_${row.id}`,
        order_id: row.id,
        seq: 1,
        status: 'received',
        sales_tax_refund: 0,
        shipping_fee: 0,
        refund_amount: 0,
        return_label: null,
        exchange_order_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const close = () => patch({ orderNumber: order.orderNumber, status: 'completed' });
    const refused = await close();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'returns_open',
      message:
        'This order has a return still open: refund or close it in Console > Returns, and the order follows.',
    });
    expect((await repo.findOrder(db(), row.id))!.status).toBe('return');
    await db()
      .updateTable('returns')
      .set({ status: 'closed' })
      .where('order_id', '=', row.id)
      .execute();
    expect((await close()).status).toBe(200);
    expect((await repo.findOrder(db(), row.id))!.status).toBe('completed');
  });

  it('anonymous is 401, a customer 403, a bad token 401, and none of them changes the order', async () => {
    const { order, row } = await paidOrder();
    const customer = await customerToken(t);
    const body = { orderNumber: order.orderNumber, status: 'cancelled' };
    expect((await patch(body, null)).status).toBe(401);
    const forbidden = await patch(body, customer);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'forbidden' });
    const bad = await t.request('PATCH', '/api/orders/status', body, {
      authorization: 'Bearer not.a.token',
    });
    expect(bad.status).toBe(401);
    expect((await repo.findOrder(db(), row.id))!.status).toBe('pending');
    expect(await actions(order.orderNumber)).toHaveLength(0);
  });
});
