/**
 * Every query of the console's home (issue 15, item 8): the queues that need an operator, and the sales
 * grouped by hour. The dashboard reads other features' tables and writes nothing; it imports none of
 * their code, only the schema's types.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Counts and sums come back as numbers on SQLite and as strings (bigint, numeric) on PostgreSQL. */
const num = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);

/** How many of each queue's items the home lists. */
export const FIRST_FEW = 5;

/** The UTC hour of a stored ISO timestamp ("2026-03-14T17"): the sales' buckets (core/shop-calendar.ts). */
const hourOf = (column: 'created_at' | 'order_refunds.created_at') =>
  sql<string>`substr(${sql.ref(column)}, 1, 13)`;

/**
 * Orders paid through the provider (an intent; exchanges' replacement orders have none), per UTC hour
 * of their creation in [from, to): how many, and their totals. One grouped query over the range of
 * orders(created_at), whose index serves it.
 */
export function salesByHourQuery(db: Db, from: string, to: string) {
  const hour = hourOf('created_at');
  return db
    .selectFrom('orders')
    .select((eb) => [
      hour.as('hour'),
      eb.fn.countAll<number | string>().as('orders'),
      eb.fn.sum<number | string>('total').as('sales'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('payment_intent_id', 'is not', null)
    .groupBy(hour);
}

export async function salesByHour(db: Db, from: string, to: string) {
  const rows = await salesByHourQuery(db, from, to).execute();
  return rows.map((r) => ({ hour: r.hour, orders: num(r.orders), sales: num(r.sales) }));
}

/** Refunds recorded in [from, to), per UTC hour (a refund counts on the day it was made). */
export async function refundsByHour(db: Db, from: string, to: string) {
  const hour = hourOf('order_refunds.created_at');
  const rows = await db
    .selectFrom('order_refunds')
    .select((eb) => [hour.as('hour'), eb.fn.sum<number | string>('amount').as('refunds')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({ hour: r.hour, refunds: num(r.refunds) }));
}

/** Orders waiting to ship, by status, and the oldest few. */
export async function ordersToShip(db: Db, statuses: readonly string[]) {
  const [counts, oldest] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
      .where('status', 'in', statuses)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('orders')
      .select(['order_number', 'status', 'created_at', 'total', 'shipping_name'])
      .where('status', 'in', statuses)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(FIRST_FEW)
      .execute(),
  ]);
  return {
    counts: Object.fromEntries(counts.map((c) => [c.status, num(c.count)])) as Record<
      string,
      number
    >,
    oldest,
  };
}

/** Emails the outbox gave up on (status failed), and the oldest few. */
export async function failedEmails(db: Db) {
  const [count, oldest] = await Promise.all([
    db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('email_outbox')
      .select(['id', 'kind', 'to_address', 'subject', 'created_at', 'last_error'])
      .where('status', '=', 'failed')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(FIRST_FEW)
      .execute(),
  ]);
  return { count: num(count.count), oldest };
}

/** Returns not yet settled (any status but the given final ones), with their orders' numbers. */
export async function openReturns(db: Db, finalStatuses: readonly string[]) {
  const [count, oldest] = await Promise.all([
    db
      .selectFrom('returns')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('status', 'not in', finalStatuses)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('returns')
      .innerJoin('orders', 'orders.id', 'returns.order_id')
      .select([
        'returns.id',
        'returns.public_id',
        'returns.status',
        'returns.created_at',
        'returns.refund_amount',
        'orders.order_number',
      ])
      .where('returns.status', 'not in', finalStatuses)
      .orderBy('returns.created_at', 'asc')
      .orderBy('returns.id', 'asc')
      .limit(FIRST_FEW)
      .execute(),
  ]);
  return { count: num(count.count), oldest };
}

/**
 * Data requests still open (any status but the given closed ones) whose deadline is on or before
 * `dueBy`: how many, how many of them are already past `today`, and the most pressing few.
 */
export async function dataRequestsDue(
  db: Db,
  closedStatuses: readonly string[],
  dueBy: string,
  today: string,
) {
  const open = db
    .selectFrom('data_requests')
    .where('status', 'not in', closedStatuses)
    .where('due_by', '<=', dueBy);
  const [counts, first] = await Promise.all([
    open
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn
          .sum<number | string>(eb.case().when('due_by', '<', today).then(1).else(0).end())
          .as('overdue'),
      ])
      .executeTakeFirstOrThrow(),
    open
      .select(['id', 'email', 'status', 'due_by', 'received_at'])
      .orderBy('due_by', 'asc')
      .orderBy('id', 'asc')
      .limit(FIRST_FEW)
      .execute(),
  ]);
  return { count: num(counts.count), overdue: num(counts.overdue), first };
}

/**
 * Sizes of active products that cannot be sold: marked out of stock, or counted stock at zero or
 * below (core/stock.ts's rule; a stock of null is not counted). A few dozen rows at most.
 */
export function sizesOutOfStock(db: Db) {
  return db
    .selectFrom('inventory')
    .innerJoin('products', 'products.id', 'inventory.product_id')
    .select([
      'inventory.product_id',
      'products.name as product_name',
      'inventory.size',
      'inventory.stock',
      'inventory.out_of_stock',
    ])
    .where('products.active', '=', 1)
    .where((eb) =>
      eb.or([
        eb('inventory.out_of_stock', '=', 1),
        eb.and([eb('inventory.stock', 'is not', null), eb('inventory.stock', '<=', 0)]),
      ]),
    )
    .execute();
}
