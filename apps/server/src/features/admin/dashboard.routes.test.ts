/**
 * GET /api/admin/dashboard on real rows: sales of a period of the shop's days against the period before
 * (orders placed at known moments around midnight in New York and the clocks' spring change, figures
 * worked by hand below), the queues that need an operator, and the period's checks.
 */
import { CompiledQuery, sql } from 'kysely';
import { SIZE_CODES } from '@sunward/core/sizes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { dataRequestDue, orderAt, outboxEmail, refundAt, returnIn } from './dashboard.factories.ts';
import { salesByHourQuery } from './dashboard.repository.ts';
import type { Dashboard } from '@sunward/core/console-dashboard';
import { addDays, shopDay } from '@sunward/core/shop-calendar';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR - 60_000).toISOString();

describe.each(DATABASE_KINDS)('the console home on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  const get = async (query = '') => {
    const res = await t.request('GET', `/api/admin/dashboard${query}`, undefined, operator.headers);
    return res as { status: number; body: unknown; headers: Headers };
  };
  const dashboard = async (query = '') => {
    const res = await get(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Dashboard;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
  });
  afterAll(async () => t?.close());

  describe('sales per shop day, against the period before', () => {
    beforeAll(async () => {
      const db = t.database.db;
      // The period 03/07-03/10/2025 and the one before, 03/03-03/06. New York is UTC-5 until the
      // clocks spring forward at 2 a.m. on 03/09, then UTC-4.
      const a = await orderAt(db, '2025-03-07T05:00:00.000Z', { total: 5000 }); // 03/07 00:00
      const b = await orderAt(db, '2025-03-07T04:59:59.999Z', { total: 9999 }); // 03/06 23:59
      const c = await orderAt(db, '2025-03-08T15:00:00.000Z', {
        total: 4500,
        status: 'cancelled', // charged, then refunded: in sales, its refund on its own
      });
      await orderAt(db, '2025-03-08T16:00:00.000Z', { total: 4501 }); // 03/08
      await orderAt(db, '2025-03-08T17:00:00.000Z', { total: 3000, paid: false }); // a replacement
      await orderAt(db, '2025-03-10T03:59:00.000Z', { total: 1000 }); // 03/09 23:59 EDT
      await orderAt(db, '2025-03-10T04:00:00.000Z', { total: 2000 }); // 03/10 00:00 EDT
      await orderAt(db, '2025-03-11T03:59:59.999Z', { total: 3001 }); // 03/10 23:59 EDT
      await orderAt(db, '2025-03-11T04:00:00.000Z', { total: 7777 }); // 03/11: after the period
      await orderAt(db, '2025-03-03T05:00:00.000Z', { total: 1 }); // 03/03 00:00 EST
      await orderAt(db, '2025-03-03T04:59:59.000Z', { total: 8888 }); // 03/02: before both
      await refundAt(db, c, 4500, '2025-03-08T20:00:00.000Z'); // 03/08
      await refundAt(db, a, 500, '2025-03-11T02:00:00.000Z'); // 03/10 22:00 EDT
      await refundAt(db, b, 999, '2025-03-05T12:00:00.000Z'); // 03/05
    });

    it('adds up each day from the rows, as worked by hand', async () => {
      const { sales } = await dashboard('?from=2025-03-07&to=2025-03-10');
      expect(sales.period.days).toEqual([
        { day: '2025-03-07', sales: 5000, orders: 1, averageOrderValue: 5000, refunds: 0 },
        // 9001 / 2 = 4500.5, rounded half up.
        { day: '2025-03-08', sales: 9001, orders: 2, averageOrderValue: 4501, refunds: 4500 },
        { day: '2025-03-09', sales: 1000, orders: 1, averageOrderValue: 1000, refunds: 0 },
        // 5001 / 2 = 2500.5.
        { day: '2025-03-10', sales: 5001, orders: 2, averageOrderValue: 2501, refunds: 500 },
      ]);
      // 20002 / 6 = 3333.67.
      expect(sales.period.totals).toEqual({
        sales: 20002,
        orders: 6,
        averageOrderValue: 3334,
        refunds: 5000,
      });
      expect(sales.previous.from).toBe('2025-03-03');
      expect(sales.previous.to).toBe('2025-03-06');
      expect(sales.previous.days).toEqual([
        { day: '2025-03-03', sales: 1, orders: 1, averageOrderValue: 1, refunds: 0 },
        { day: '2025-03-04', sales: 0, orders: 0, averageOrderValue: null, refunds: 0 },
        { day: '2025-03-05', sales: 0, orders: 0, averageOrderValue: null, refunds: 999 },
        { day: '2025-03-06', sales: 9999, orders: 1, averageOrderValue: 9999, refunds: 0 },
      ]);
      expect(sales.previous.totals).toEqual({
        sales: 10000,
        orders: 2,
        averageOrderValue: 5000,
        refunds: 999,
      });
      // (20002 - 10000) / 10000 = 100.02 %; (6 - 2) / 2 = 200 %; (3334 - 5000) / 5000 = -33.32 %.
      expect(sales.change).toEqual({ sales: 100, orders: 200, averageOrderValue: -33.3 });
    });

    it('a period of one day; a period before with nothing has no change to show', async () => {
      const { sales } = await dashboard('?from=2025-03-03&to=2025-03-03');
      expect(sales.period.totals).toEqual({
        sales: 1,
        orders: 1,
        averageOrderValue: 1,
        refunds: 0,
      });
      expect(sales.previous).toMatchObject({ from: '2025-03-02', to: '2025-03-02' });
      expect(sales.previous.totals.sales).toBe(8888);
      const empty = await dashboard('?from=2025-01-01&to=2025-01-02');
      expect(empty.sales.change).toEqual({ sales: null, orders: null, averageOrderValue: null });
    });

    it('by default, the last 30 days up to today on the shop calendar', async () => {
      const paid = await orderAt(t.database.db, new Date().toISOString(), { total: 4242 });
      const today = shopDay(new Date());
      const { sales, today: answeredToday, timeZone } = await dashboard();
      expect(answeredToday).toBe(today);
      expect(timeZone).toBe('America/New_York');
      expect(sales.period.from).toBe(addDays(today, -29));
      expect(sales.period.to).toBe(today);
      expect(sales.period.days).toHaveLength(30);
      expect(sales.previous.days).toHaveLength(30);
      expect(sales.previous.to).toBe(addDays(today, -30));
      expect(sales.period.days.at(-1)).toMatchObject({ day: today, sales: 4242, orders: 1 });
      await t.database.db.deleteFrom('orders').where('id', '=', paid).execute();
    });

    it('reads one range of the orders(created_at, id) index per period', async () => {
      const compiled = salesByHourQuery(
        t.database.db,
        '2025-03-07T05:00:00.000Z',
        '2025-03-11T04:00:00.000Z',
      ).compile();
      const plan = await t.database.db.transaction().execute(async (trx) => {
        if (kind === 'postgres') {
          // A table this small is read whole whatever the indexes; asked not to, the planner shows
          // the index it would use at a million orders.
          await sql`set local enable_seqscan = off`.execute(trx);
        }
        const explain = kind === 'sqlite' ? 'explain query plan' : 'explain';
        const result = await trx.executeQuery<Record<string, string>>(
          CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]),
        );
        return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
      });
      expect(plan).toMatch(
        kind === 'sqlite'
          ? /SEARCH orders USING INDEX orders_created_id_idx \(created_at>\? AND created_at<\?\)/
          : /Index Scan using orders_created_id_idx|Bitmap Index Scan on orders_created_id_idx/,
      );
    });
  });

  describe('what needs an operator', () => {
    let today: string;
    beforeAll(async () => {
      const db = t.database.db;
      today = shopDay(new Date());
      // To ship: three pending, one in progress; shipped and cancelled ones are not waiting.
      await orderAt(db, ago(50), { status: 'pending', order_number: 'SHIP000001' });
      await orderAt(db, ago(26), { status: 'in-progress', order_number: 'SHIP000002' });
      await orderAt(db, ago(3), { status: 'pending', order_number: 'SHIP000003', paid: false });
      await orderAt(db, ago(1), { status: 'pending', order_number: 'SHIP000004' });
      await orderAt(db, ago(0.5), { status: 'pending', order_number: 'SHIP000005' });
      await orderAt(db, ago(0), { status: 'pending', order_number: 'SHIP000006' });
      await orderAt(db, ago(80), { status: 'shipped' });
      await orderAt(db, ago(90), { status: 'cancelled' });
      // Emails: two failed.
      await outboxEmail(db, 'failed', ago(5));
      await outboxEmail(db, 'failed', ago(2));
      await outboxEmail(db, 'sent');
      await outboxEmail(db, 'queued');
      // Returns: requested and received are open.
      await returnIn(db, 'requested', ago(30));
      await returnIn(db, 'received', ago(10));
      await returnIn(db, 'refunded');
      await returnIn(db, 'closed');
      // Data requests: due within 10 days or overdue, and not closed.
      await dataRequestDue(db, addDays(today, -2));
      await dataRequestDue(db, addDays(today, 10));
      await dataRequestDue(db, addDays(today, 3), 'in-progress');
      await dataRequestDue(db, addDays(today, 11));
      await dataRequestDue(db, addDays(today, -5), 'closed');
      // Sizes: marked out, counted at zero, counted below zero; one with stock; an inactive product's.
      const [first, second, third, fourth] = SIZE_CODES;
      const set = (size: string, values: { stock?: number | null; out_of_stock?: number }) =>
        db
          .updateTable('inventory')
          .set(values)
          .where('product_id', '=', SHIRT_PRODUCT_ID)
          .where('size', '=', size)
          .execute();
      await set(fourth, { out_of_stock: 1 });
      await set(first, { stock: 0 });
      await set(second, { stock: 5 });
      await set(third, { stock: -1 });
      await db
        .insertInto('products')
        .values({
          id: 'prod_retired',
          name: 'Retired shirt',
          description: '',
          category: 'Sun Shirts',
          active: 0,
          images: '[]',
          default_price_id: null,
          weight_oz: 6,
          created_at: today,
          updated_at: today,
        })
        .execute();
      await db
        .insertInto('inventory')
        .values({
          product_id: 'prod_retired',
          size: first,
          stock: 0,
          out_of_stock: 1,
          updated_at: today,
        })
        .execute();
    });

    it('counts each queue and lists its first few, oldest first', async () => {
      const { needsAttention: n } = await dashboard();
      expect(n.toShip).toMatchObject({ count: 6, pending: 5, inProgress: 1 });
      expect(n.toShip.items.map((o) => [o.orderNumber, o.status, o.ageHours])).toEqual([
        ['SHIP000001', 'pending', 50],
        ['SHIP000002', 'in-progress', 26],
        ['SHIP000003', 'pending', 3],
        ['SHIP000004', 'pending', 1],
        ['SHIP000005', 'pending', 0],
      ]);
      expect(n.toShip.items[0]).toMatchObject({ total: 5000, name: 'Pat Shopper' });

      expect(n.failedEmails.count).toBe(2);
      expect(n.failedEmails.items.map((e) => e.lastError)).toEqual([
        '550 mailbox unavailable',
        '550 mailbox unavailable',
      ]);
      expect(n.failedEmails.items[0]!.createdAt < n.failedEmails.items[1]!.createdAt).toBe(true);

      expect(n.openReturns.count).toBe(2);
      expect(n.openReturns.items.map((r) => r.status)).toEqual(['requested', 'received']);
      expect(n.openReturns.items[0]!.orderNumber).toMatch(/^[0-9A-Z]{10}$/);

      expect(n.dataRequests).toMatchObject({ count: 3, overdue: 1 });
      expect(n.dataRequests.items.map((r) => [r.dueBy, r.daysLeft, r.status])).toEqual([
        [addDays(today, -2), -2, 'open'],
        [addDays(today, 3), 3, 'in-progress'],
        [addDays(today, 10), 10, 'open'],
      ]);

      const [first, , third, fourth] = SIZE_CODES;
      expect(n.outOfStock.count).toBe(3);
      expect(n.outOfStock.items.map((s) => [s.size, s.stock, s.outOfStock])).toEqual([
        [first, 0, false],
        [third, -1, false],
        [fourth, null, true],
      ]);
      expect(n.outOfStock.items[0]!.productName).toBe('UPF 50+ Graphic Sun Shirt');
    });
  });

  describe('the period', () => {
    it.each([
      ['?from=2025-02-30', 'from must be a date as YYYY-MM-DD (got "2025-02-30").'],
      ['?to=03/01/2025', 'to must be a date as YYYY-MM-DD (got "03/01/2025").'],
      ['?from=2025-03-10&to=2025-03-09', 'The period must start on or before its end.'],
      ['?from=2024-01-01&to=2025-01-01', 'The period can be at most 366 days long.'],
      ['?days=7&from=2025-03-01', 'Give either days or from, not both.'],
    ])('%s is refused: %s', async (query, message) => {
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_period', message });
    });

    it('days: the last that many days up to to', async () => {
      const { sales } = await dashboard('?days=4&to=2025-03-10');
      expect(sales.period).toMatchObject({ from: '2025-03-07', to: '2025-03-10' });
      expect(sales.period.totals.sales).toBe(20002);
      const res = await get('?days=0');
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toMatch(/days is at least 1/);
    });

    it('366 days is allowed (a leap year); the period cannot end after today', async () => {
      expect((await get('?from=2024-01-01&to=2024-12-31')).status).toBe(200);
      const tomorrow = addDays(shopDay(new Date()), 1);
      const res = await get(`?to=${tomorrow}`);
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toMatch(/cannot end after today/);
    });

    it('is for operators only', async () => {
      const customer = await customerToken(t);
      const res = await t.request('GET', '/api/admin/dashboard', undefined, customer.headers);
      expect(res.status).toBe(403);
      expect((await t.request('GET', '/api/admin/dashboard')).status).toBe(401);
    });
  });
});
