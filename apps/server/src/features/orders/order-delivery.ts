/**
 * An order's parcel, as the tracking job follows it (issue 27 item 2, docs/decisions/040): which
 * shipped orders have a parcel to follow, and the carrier's delivery, which completes the order
 * (shipped -> completed, actor system) and records the delivery date the return window counts from.
 * The scans themselves are the tracking feature's (tracking_events); the Order view reads them here
 * (order-tracking-events.ts), as it reads the return records, so the two folders do not import each
 * other in a circle (decision 032).
 */
import type { Db } from '../../db/database.ts';
import { publishEvent } from '../../lib/jobs/events.ts';
import { ORDER_DELIVERED, type OrderDelivered } from './orders.events.ts';
import * as repo from './orders.repository.ts';

type Trx = Parameters<typeof repo.lockOrder>[0];

export interface ShippedParcel {
  orderId: string;
  trackingNumber: string;
  carrier: string;
  /** When the order was marked shipped (its event), else its last change. */
  shippedAt: string;
  /** Its shipping address's city, state and ZIP, when the address has them. */
  destination: { city: string; state: string; zip: string } | null;
}

function destinationOf(json: string): ShippedParcel['destination'] {
  try {
    const a = JSON.parse(json) as { city?: unknown; state?: unknown; postal_code?: unknown };
    return typeof a.city === 'string' &&
      typeof a.state === 'string' &&
      typeof a.postal_code === 'string'
      ? { city: a.city, state: a.state, zip: a.postal_code.slice(0, 5) }
      : null;
  } catch {
    return null;
  }
}

/** Shipped orders with a tracking number and no delivery recorded, oldest first. */
export async function shippedParcels(db: Db): Promise<ShippedParcel[]> {
  const rows = await repo.shippedUndelivered(db);
  return rows.map((r) => ({
    orderId: r.id,
    trackingNumber: r.tracking!,
    carrier: r.carrier ?? 'usps',
    shippedAt: r.shipped_at ?? r.updated_at,
    destination: destinationOf(r.shipping_address),
  }));
}

export interface Delivery {
  orderId: string;
  /** The parcel the carrier delivered: an order shipped again under another number is left alone. */
  trackingNumber: string;
  /** The carrier's delivery scan's time. */
  deliveredAt: string;
  /** Now. */
  at: string;
}

/**
 * Records the carrier's delivery in the caller's transaction, under the order's lock: a shipped order
 * moves to completed (actor system, its event says by whom) and keeps the delivery date; an order an
 * operator completed by hand first keeps its status and gains the date. The first delivery date
 * publishes `order.delivered` in the same transaction. Answers whether the status moved. A second
 * call changes nothing.
 */
export async function recordDelivery(trx: Trx, d: Delivery): Promise<boolean> {
  const order = await repo.lockOrder(trx, d.orderId);
  if (!order || order.tracking !== d.trackingNumber) return false;
  let moved = false;
  if (order.status === 'shipped') {
    moved = await repo.transitionOrder(trx, {
      orderId: order.id,
      from: 'shipped',
      to: 'completed',
      actor: 'system',
      reason: 'Delivered: the carrier scanned the parcel delivered',
      at: d.at,
    });
  }
  if (order.delivered_at === null) {
    await repo.setDeliveredAt(trx, order.id, d.deliveredAt);
    await publishDelivered(trx, order.id, d.deliveredAt);
  }
  return moved;
}

/**
 * `order.delivered` for the order, in the caller's transaction; keyed by the order, so its reactions
 * run once whichever comes first: the carrier's scan or an operator completing it by hand.
 */
export function publishDelivered(trx: Trx, orderId: string, deliveredAt: string) {
  return publishEvent<OrderDelivered>(trx, {
    name: ORDER_DELIVERED,
    data: { orderId, deliveredAt },
    key: orderId,
  });
}
