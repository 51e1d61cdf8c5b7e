/** Test factories for tracking: a shipped order with its shipped event, and a return's label. */
import type { Db } from '../../db/database.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { newId, randomToken } from '../../lib/ids.ts';
import { orderRow } from '../orders/orders.factories.ts';

let serial = 0;
/** A tracking number of its own, USPS-like (22 digits). */
export const newTrackingNumber = () =>
  `9400${String(Date.now() % 1e9).padStart(9, '0')}${String(++serial).padStart(9, '0')}`;

/** An order of 2 Alaska shirts, shipped at `shippedAt` with `tracking`, bought at `createdAt`. */
export async function insertShippedOrder(
  db: Db,
  options: { shippedAt: string; createdAt?: string; tracking?: string; carrier?: string },
) {
  const tracking = options.tracking ?? newTrackingNumber();
  const row = orderRow({
    status: 'shipped',
    email: 'pat.shopper@example.com',
    payment_intent_id: newId('pi'),
    tracking,
    carrier: options.carrier ?? 'usps',
    created_at: options.createdAt ?? options.shippedAt,
    updated_at: options.shippedAt,
  });
  await db.insertInto('orders').values(row).execute();
  await db
    .insertInto('order_items')
    .values({
      id: newId('item'),
      order_id: row.id,
      line_no: 1,
      product_id: SHIRT_PRODUCT_ID,
      price_id: SHIRT_PRICE_ID,
      design: 'alaska',
      size: 'mdr',
      position: 'Front',
      quantity: 2,
      unit_amount: 2250,
    })
    .execute();
  await db
    .insertInto('order_events')
    .values({
      id: newId('oe'),
      order_id: row.id,
      at: options.shippedAt,
      actor: 'operator',
      from_status: 'in-progress',
      to_status: 'shipped',
      reason: null,
      actor_id: null,
    })
    .execute();
  return { id: row.id, orderNumber: row.order_number, email: row.email, tracking };
}

/** A return label for `returnId`, made at `createdAt` (the PDF's bytes do not matter here). */
export async function insertReturnLabel(
  db: Db,
  returnId: string,
  createdAt: string,
  tracking = newTrackingNumber(),
) {
  await db
    .insertInto('return_labels')
    .values({
      id: newId('rl'),
      return_id: returnId,
      token: randomToken(18),
      tracking_number: tracking,
      provider: 'sandbox',
      pdf: new Uint8Array([37, 80, 68, 70]),
      created_at: createdAt,
    })
    .execute();
  return tracking;
}
