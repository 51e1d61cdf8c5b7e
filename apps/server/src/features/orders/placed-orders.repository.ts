/**
 * The orders a customer placed signed in, for the cart (orders.api.ts): what each bought leaves their
 * bag (features/cart/cart-purchases.ts). "Placed signed in" is an order paid through a checkout of
 * that same customer: a guest's order claimed later by the customer
 * (customers/guest-order-claims.ts) and an exchange's replacement (no payment intent) never came out
 * of their bag, so they never take anything out of it.
 */
import type { Db } from '../../db/database.ts';

export interface PlacedOrder {
  customerId: string;
  lines: { design: string; size: string; position: string; quantity: number }[];
}

function placedSignedIn(db: Db) {
  return db
    .selectFrom('orders')
    .innerJoin('checkouts', 'checkouts.payment_intent_id', 'orders.payment_intent_id')
    .whereRef('checkouts.customer_id', '=', 'orders.customer_id');
}

/** Who placed order `orderId` signed in and what it bought; undefined for any other order. */
export async function findPlacedOrder(db: Db, orderId: string): Promise<PlacedOrder | undefined> {
  const order = await placedSignedIn(db)
    .select('orders.customer_id')
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order?.customer_id) return undefined;
  const lines = await db
    .selectFrom('order_items')
    .select(['design', 'size', 'position', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('line_no')
    .execute();
  return { customerId: order.customer_id, lines };
}

/**
 * The ids of the orders `customerId` placed signed in from `since` (ISO), oldest first: a range of the
 * index on orders (customer_id, created_at, id) of migration 009, each joined to its checkout by the
 * checkout's unique payment intent.
 */
export async function listPlacedOrderIds(
  db: Db,
  customerId: string,
  since: string,
): Promise<string[]> {
  const rows = await placedSignedIn(db)
    .select('orders.id')
    .where('orders.customer_id', '=', customerId)
    .where('orders.created_at', '>=', since)
    .orderBy('orders.created_at')
    .orderBy('orders.id')
    .execute();
  return rows.map((r) => r.id);
}
