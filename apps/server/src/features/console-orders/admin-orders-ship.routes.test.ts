/**
 * Bulk mark-shipped over real HTTP on every test database: each order answered on its own (shipped,
 * or the machine's or the tracking check's reason), a pending order taken through in-progress first
 * (two recorded changes), the customer's tracking email with the order, and a retried request that
 * ships nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleOrderDetail, ShipResult } from '@sunward/core/console-orders';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { cartLine, placeOrder } from '../checkout/checkout.factories.ts';
import { operatorToken, type Person } from '../operators/operators.factories.ts';

describe.each(DATABASE_KINDS)('bulk mark-shipped on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const paid = async () => (await placeOrder(t, { cart: [cartLine()] })).order.orderNumber;
  const setStatus = (orderNumber: string, status: string) =>
    db().updateTable('orders').set({ status }).where('order_number', '=', orderNumber).execute();
  const ship = (orders: object[]) =>
    t.request('POST', '/api/admin/orders/ship', { orders }, operator.headers);

  it('ships each order it can and says why not for the others', async () => {
    const pending = await paid();
    const started = await paid();
    const cancelled = await paid();
    const badTracking = await paid();
    await setStatus(started, 'in-progress');
    await setStatus(cancelled, 'cancelled');

    const request = [
      { orderNumber: pending, carrier: 'usps', tracking: '9400 1118 9922 3197 4284 90' },
      { orderNumber: started, carrier: 'ups', tracking: '1Z999AA10123456784' },
      { orderNumber: cancelled, carrier: 'usps', tracking: '9400111899223197428491' },
      { orderNumber: 'NOSUCH0RDER', carrier: 'usps', tracking: '9400111899223197428492' },
      { orderNumber: badTracking, carrier: 'fedex', tracking: 'not a number!' },
    ];
    const res = await ship(request);
    expect(res.status, res.text).toBe(200);
    const { results } = res.body as ShipResult;
    expect(results).toEqual([
      { orderNumber: pending, ok: true, status: 'shipped' },
      { orderNumber: started, ok: true, status: 'shipped' },
      {
        orderNumber: cancelled,
        ok: false,
        code: 'illegal_transition',
        message: expect.stringContaining('This order is cancelled') as string,
      },
      {
        orderNumber: 'NOSUCH0RDER',
        ok: false,
        code: 'not_found',
        message: 'There is no order NOSUCH0RDER.',
      },
      {
        orderNumber: badTracking,
        ok: false,
        code: 'tracking_required',
        message: 'A tracking number is 8 to 40 letters and digits (spaces are ignored).',
      },
    ]);

    const row = (n: string) =>
      db().selectFrom('orders').selectAll().where('order_number', '=', n).executeTakeFirstOrThrow();
    expect(await row(pending)).toMatchObject({
      status: 'shipped',
      carrier: 'usps',
      tracking: '9400111899223197428490',
    });
    expect(await row(started)).toMatchObject({ status: 'shipped', carrier: 'ups' });
    expect((await row(cancelled)).status).toBe('cancelled');
    // A bad number changes nothing: the order is not left half way (in-progress).
    expect((await row(badTracking)).status).toBe('pending');

    // The pending order went through in-progress: two changes, each by this operator.
    const detail = (
      await t.request('GET', `/api/admin/orders/${pending}`, undefined, operator.headers)
    ).body as ConsoleOrderDetail;
    expect(detail.events.map((e) => [e.from, e.to, e.actor, e.operatorEmail])).toEqual([
      [null, 'pending', 'system', null],
      ['pending', 'in-progress', 'operator', operator.email],
      ['in-progress', 'shipped', 'operator', operator.email],
    ]);
    expect(detail.allowedStatuses).toEqual(['completed']);
    // The customer's email with the tracking link, listed with the order.
    const shipped = detail.emails.find((e) => e.kind === 'order-shipped');
    expect(shipped).toBeDefined();
    const mail = await db()
      .selectFrom('email_outbox')
      .select(['text', 'order_id'])
      .where('id', '=', shipped!.id)
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490',
    );
    const actions = await db()
      .selectFrom('operator_actions')
      .select('action')
      .where('target_id', '=', pending)
      .orderBy('at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['order.start-fulfilment', 'order.ship']);

    // The same request again (a retry after a lost answer): nothing ships twice.
    const retry = await ship(request.slice(0, 2));
    expect((retry.body as ShipResult).results).toEqual([
      { orderNumber: pending, ok: true, status: 'shipped' },
      { orderNumber: started, ok: true, status: 'shipped' },
    ]);
    const emails = await db()
      .selectFrom('email_outbox')
      .select('id')
      .where('kind', '=', 'order-shipped')
      .where('order_id', 'in', [mail.order_id!])
      .execute();
    expect(emails).toHaveLength(1);
  });

  it('refuses a request it cannot read, and more than 100 orders', async () => {
    const n = await paid();
    for (const orders of [
      [],
      [{ orderNumber: n, carrier: 'pigeon', tracking: '9400111899223197428490' }],
      [{ orderNumber: n, carrier: 'usps', tracking: '' }],
      Array.from({ length: 101 }, () => ({
        orderNumber: n,
        carrier: 'usps',
        tracking: '94001118992231',
      })),
    ]) {
      const res = await ship(orders);
      expect(res.status).toBe(400);
    }
    const row = await db()
      .selectFrom('orders')
      .select('status')
      .where('order_number', '=', n)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});
