/**
 * Returns hold under pressure, on every test database: ten submits of one form at once make one return
 * (one record, one replacement order, the stock taken once, one event, one email); the database itself
 * refuses a unit returned twice and a second exchange of an order; and the return window, with `now`
 * injected, follows the holiday rule (bought Nov 15 - Dec 24: returnable until Jan 15).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import * as orders from '../orders/orders.repository.ts';
import { deliveredOrder, exchange, refund, returnBody, submitReturn } from './returns.factories.ts';
import * as service from './returns.service.ts';

describe.each(DATABASE_KINDS)('returns integrity on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const count = async (query: Promise<{ n: string | number | bigint } | undefined>) =>
    Number((await query)?.n ?? 0);

  it('ten submits of one form at once make exactly one return', async () => {
    await db()
      .updateTable('inventory')
      .set({ stock: 10 })
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'lgr')
      .execute();
    const { order, orderId, email } = await deliveredOrder(t);
    const body = returnBody(order, { 0: refund(), 1: exchange('lgr', 'Back') }, { email });
    const answers = await Promise.all(Array.from({ length: 10 }, () => submitReturn(t, body)));

    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(422)]);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.body).toEqual({
        code: 'invalid_return',
        message:
          'Alaska sun shirt, MD - Regular, Front (item 0) has already been returned or exchanged.',
      });
    }
    const won = answers.find((a) => a.status === 200)!.body as Order;
    expect(won.returns).toHaveLength(1);

    const returns = await db()
      .selectFrom('returns')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(returns).toHaveLength(1);
    const replacements = await db()
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['orders.id', 'order_items.size', 'order_items.quantity'])
      .where('orders.id', '=', returns[0]!.exchange_order_id!)
      .execute();
    expect(replacements.map((r) => [r.size, r.quantity])).toEqual([['lgr', 1]]);
    const stock = await db()
      .selectFrom('inventory')
      .select('stock')
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'lgr')
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(9);
    const events = await orders.listEvents(db(), orderId);
    expect(events.filter((e) => e.to_status === 'return')).toHaveLength(1);
    expect(
      await count(
        db()
          .selectFrom('email_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('kind', '=', 'return-requested')
          .where('subject', 'like', `%${order.orderNumber}%`)
          .executeTakeFirst(),
      ),
    ).toBe(1);
  });

  it('the database refuses a unit returned twice and a second exchange of an order', async () => {
    const { order, orderId, email } = await deliveredOrder(t);
    const res = await submitReturn(
      t,
      returnBody(order, { 0: refund(), 1: exchange('lgs', 'Back') }, { email }),
    );
    expect(res.status, res.text).toBe(200);
    const first = await db()
      .selectFrom('returns')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const item = await db()
      .selectFrom('return_items')
      .selectAll()
      .where('return_id', '=', first.id)
      .where('item_id', '=', 0)
      .executeTakeFirstOrThrow();
    const now = nowIso();
    const another = {
      ...first,
      id: newId('ret'),
      public_id: `ret_${newId('x')}`,
      seq: 2,
      exchange_order_id: null,
      created_at: now,
      updated_at: now,
    };
    await db().insertInto('returns').values(another).execute();
    // Unit 0 refunded again: refused.
    await expect(
      db()
        .insertInto('return_items')
        .values({ ...item, id: newId('rti'), return_id: another.id })
        .execute(),
    ).rejects.toThrow();
    // Kept again is fine: a kept unit is on every later form.
    await db()
      .insertInto('return_items')
      .values({ ...item, id: newId('rti'), return_id: another.id, return_type: 'Keep' })
      .execute();
    // A second return with an exchange of the same order: refused.
    const replacement = await orders.findOrder(db(), first.exchange_order_id!);
    const other = { ...replacement!, id: newId('ord'), order_number: newId('n').slice(-10) };
    await db().insertInto('orders').values(other).execute();
    await expect(
      db()
        .insertInto('returns')
        .values({
          ...another,
          id: newId('ret'),
          public_id: `ret_${newId('y')}`,
          seq: 3,
          exchange_order_id: other.id,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('judges the window at an injected now, with the holiday rule', async () => {
    const deps = { usps: t.app.usps, siteUrl: t.baseUrl };
    const caller = { user: null, options: { adminEmails: [] } };
    /** An order bought on Dec 1 and delivered Dec 3, 2025 (shop time). */
    async function holidayOrder() {
      const { order, orderId, email } = await deliveredOrder(t);
      await db()
        .updateTable('orders')
        .set({ created_at: '2025-12-01T15:00:00.000Z', updated_at: '2025-12-03T15:00:00.000Z' })
        .where('id', '=', orderId)
        .execute();
      return returnBody(order, { 0: refund() }, { email });
    }

    // Jan 15, 3 pm in New York: still returnable (well past 15 days from Dec 3).
    const inside = await service.submitReturn(
      db(),
      deps,
      caller,
      await holidayOrder(),
      new Date('2026-01-15T20:00:00.000Z'),
    );
    expect(inside.ok).toBe(true);
    if (inside.ok) expect(inside.value.returns[0]!.createdAt).toBe('2026-01-15T20:00:00.000Z');

    // Jan 16 in New York: closed.
    const after = await service.submitReturn(
      db(),
      deps,
      caller,
      await holidayOrder(),
      new Date('2026-01-16T12:00:00.000Z'),
    );
    expect(after).toEqual({
      ok: false,
      code: 'not_returnable',
      message:
        'The return window for this order has closed: returns are accepted within 15 days, holiday orders (Nov 15 to Dec 24) until Jan 15.',
    });
  });
});
