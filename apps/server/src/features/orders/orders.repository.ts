import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewOrder, OrderEventsTable, OrderItemsTable } from './orders.table.ts';

export function findOrderByIntent(db: Db, paymentIntentId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
}

export function listItems(db: Db, orderId: string) {
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('line_no')
    .execute();
}

/** The order-once guarantee: a unique payment_intent_id; a second insert does nothing. */
export async function insertOrderOnce(trx: Db, order: NewOrder): Promise<boolean> {
  const result = await trx
    .insertInto('orders')
    .values(order)
    .onConflict((oc) => oc.column('payment_intent_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function insertItems(trx: Db, items: Insertable<OrderItemsTable>[]) {
  return trx.insertInto('order_items').values(items).execute();
}

export function appendEvent(trx: Db, event: Insertable<OrderEventsTable>) {
  return trx.insertInto('order_events').values(event).execute();
}

export async function webhookSeen(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_events')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export function recordWebhook(
  db: Db,
  row: { id: string; provider: string; type: string; at: string },
) {
  return db
    .insertInto('webhook_events')
    .values({ id: row.id, provider: row.provider, type: row.type, received_at: row.at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
