/**
 * Every query on returns and their units (the Order view's return records are read by the orders
 * feature: orders/order-return-records.ts).
 */
import type { Db } from '../../db/database.ts';
import type { NewReturn, NewReturnItem } from './returns.table.ts';

/** Whether the order is the replacement an exchange made. */
export async function isReplacementOrder(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('returns')
    .select('id')
    .where('exchange_order_id', '=', orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A return and its units, in the caller's transaction. */
export async function insertReturn(
  trx: Db,
  row: NewReturn,
  items: readonly Omit<NewReturnItem, 'return_id' | 'order_id'>[],
): Promise<void> {
  await trx.insertInto('returns').values(row).execute();
  await trx
    .insertInto('return_items')
    .values(items.map((item) => ({ ...item, return_id: row.id, order_id: row.order_id })))
    .execute();
}

/**
 * Returned units with a reason (Exchange or Refund), counted by size and reason: of one design, or of
 * every design (null). Fit advice reads them (features/reviews, decision 049).
 */
export function countReturnReasons(db: Db, design: string | null) {
  let query = db
    .selectFrom('return_items')
    .select(['size', 'return_reason', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('return_type', 'in', ['Exchange', 'Refund'])
    .where('return_reason', 'is not', null)
    .groupBy(['size', 'return_reason']);
  if (design !== null) query = query.where('design', '=', design);
  return query.execute();
}
