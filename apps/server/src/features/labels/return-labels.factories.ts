/**
 * Test factory: a completed order with one line of `quantity` shirts and a return of its first `sent`
 * units (Refund), the rest kept, straight in the database (the returns feature's own route makes them
 * in the shop).
 */
import type { Db } from '../../db/database.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { newId, nowIso, randomItemId, randomToken } from '../../lib/ids.ts';
import { orderRow } from '../orders/orders.factories.ts';
import type { NewOrder } from '../orders/orders.table.ts';

export interface ReturnedOrder {
  orderId: string;
  orderNumber: string;
  returnId: string;
  /** The record id the customer sees (returns.public_id). */
  publicId: string;
  email: string;
}

export async function insertReturnedOrder(
  db: Db,
  options: { order?: Partial<NewOrder>; quantity?: number; sent?: number } = {},
): Promise<ReturnedOrder> {
  const quantity = options.quantity ?? 2;
  const sent = options.sent ?? 1;
  const at = nowIso();
  const order = orderRow({
    status: 'return',
    payment_intent_id: newId('pi'),
    subtotal: 4500 * quantity,
    total: 4500 * quantity + 500,
    ...options.order,
  });
  await db.insertInto('orders').values(order).execute();
  const itemId = newId('oi');
  await db
    .insertInto('order_items')
    .values({
      id: itemId,
      order_id: order.id,
      line_no: 1,
      product_id: SHIRT_PRODUCT_ID,
      price_id: SHIRT_PRICE_ID,
      design: 'alaska',
      size: 'mdr',
      position: 'Front',
      quantity,
      unit_amount: 4500,
    })
    .execute();
  const returnId = newId('ret');
  const publicId = `ret_${randomToken(18)}`;
  await db
    .insertInto('returns')
    .values({
      id: returnId,
      public_id: publicId,
      order_id: order.id,
      seq: 1,
      status: 'requested',
      sales_tax_refund: 250 * sent,
      shipping_fee: 0,
      refund_amount: 4750 * sent,
      return_label: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (let unit = 0; unit < quantity; unit++) {
    await db
      .insertInto('return_items')
      .values({
        id: newId('ri'),
        return_id: returnId,
        order_id: order.id,
        order_item_id: itemId,
        product_id: SHIRT_PRODUCT_ID,
        item_id: randomItemId(),
        return_type: unit < sent ? 'Refund' : 'Keep',
        return_reason: unit < sent ? 'too-long' : null,
        size_exchange: null,
        position_exchange: null,
        design: 'alaska',
        size: 'mdr',
        position: 'Front',
        product_cost: 4500,
      })
      .execute();
  }
  return {
    orderId: order.id,
    orderNumber: order.order_number,
    returnId,
    publicId,
    email: order.email,
  };
}
