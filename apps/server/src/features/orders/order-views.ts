/**
 * Order views with everything they show: the items, the return records and the carrier's scans of a
 * whole page of orders in three queries, whatever the page's size (never a query per order).
 */
import type { Order } from '@sunward/core/checkout-schemas';
import type { Db } from '../../db/database.ts';
import { returnRecordsOfOrders } from './order-return-records.ts';
import { trackingEventsOf } from './order-tracking-events.ts';
import { toOrderView } from './order-view.ts';
import * as repo from './orders.repository.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';

/** The views of `orders`, in the same order. */
export async function orderViews(db: Db, orders: readonly OrderRow[]): Promise<Order[]> {
  const ids = orders.map((o) => o.id);
  // One after the other: `db` may be a transaction (one connection).
  const items = await repo.listItemsOfOrders(db, ids);
  const returns = await returnRecordsOfOrders(db, ids);
  const tracked = orders.flatMap((o) => (o.tracking ? [o.tracking] : []));
  const scans = await trackingEventsOf(db, tracked);
  const itemsByOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const list = itemsByOrder.get(item.order_id) ?? [];
    list.push(item);
    itemsByOrder.set(item.order_id, list);
  }
  return orders.map((o) =>
    toOrderView(
      o,
      itemsByOrder.get(o.id) ?? [],
      returns.get(o.id) ?? [],
      o.tracking ? (scans.get(o.tracking) ?? []) : [],
    ),
  );
}

/** The view of one order. */
export async function orderView(db: Db, order: OrderRow): Promise<Order> {
  const [view] = await orderViews(db, [order]);
  return view!;
}
