/**
 * Every query of the shop's metrics (docs/decisions/035), read when Prometheus scrapes: one grouped
 * statement per table. Like the console's dashboard, this reads other features' tables and writes
 * nothing; it imports none of their code, only the schema's types.
 */
import type { Db } from '../../db/database.ts';

/** Counts and sums come back as numbers on SQLite and as strings (bigint, numeric) on PostgreSQL. */
const num = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);

/** The outbox's states before an email is done with (sent and logged are not counted). */
export const UNSENT_EMAIL_STATUSES = ['queued', 'sending', 'failed'] as const;

export interface OrdersByStatus {
  status: string;
  /** Every order in the status, exchanges' replacement orders (nobody pays for them) included. */
  orders: number;
  /** Of those, the orders paid through the provider (a payment intent). */
  paid: number;
  /** The sum of their totals in cents, before refunds (a replacement order's total is 0). */
  total: number;
}

/** Orders per status: one scan of `orders`, grouped. */
export async function ordersByStatus(db: Db): Promise<OrdersByStatus[]> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'status',
      eb.fn.countAll<number | string>().as('orders'),
      eb.fn.count<number | string>('payment_intent_id').as('paid'),
      eb.fn.sum<number | string | null>('total').as('total'),
    ])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    orders: num(r.orders),
    paid: num(r.paid),
    total: num(r.total),
  }));
}

/** The refunds recorded (claims not yet settled are not refunds yet): how many, and their sum in cents. */
export async function refundTotals(db: Db): Promise<{ refunds: number; amount: number }> {
  const row = await db
    .selectFrom('order_refunds')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('refunds'),
      eb.fn.sum<number | string | null>('amount').as('amount'),
    ])
    .executeTakeFirstOrThrow();
  return { refunds: num(row.refunds), amount: num(row.amount) };
}

/** Outbox emails not yet done with, per status: a range of the status index, not the whole outbox. */
export async function unsentEmails(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('email_outbox')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
    .where('status', 'in', UNSENT_EMAIL_STATUSES)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, num(r.count)]));
}
