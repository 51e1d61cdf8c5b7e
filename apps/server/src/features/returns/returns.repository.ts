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
