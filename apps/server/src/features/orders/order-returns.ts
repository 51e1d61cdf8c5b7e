/**
 * What a return does to its order (issue 14; decision 032): the returns feature records its status
 * changes, its notes and an exchange's replacement order through these, in its own transaction under
 * the order's lock, and never writes the orders' tables itself.
 */
import type { Transaction } from 'kysely';
import type { OrderActor } from '@sunward/core/order-status';
import type { Database } from '../../db/database.ts';
import type { PricedLine } from '../catalog/catalog.api.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

type Trx = Transaction<Database>;

/**
 * An event on the order that leaves its status as it is (a second return of an order already in
 * `return`): the order's history says what happened.
 */
export async function noteOrderEvent(
  trx: Trx,
  note: { orderId: string; status: string; actor: OrderActor; reason: string; at: string },
): Promise<void> {
  await repo.appendEvent(trx, {
    id: newId('oe'),
    order_id: note.orderId,
    at: note.at,
    actor: note.actor,
    from_status: note.status,
    to_status: note.status,
    reason: note.reason,
  });
}

/** One line of a replacement order: a product in a size and position, at no charge. */
export type ReplacementLine = Omit<PricedLine, 'unitAmount'>;

/**
 * The replacement order of an exchange: nobody pays for it (no payment intent, total 0), the same
 * customer, email and addresses as `order`, a line per entry of `lines` (at 0); created pending with
 * its event. The caller has taken the stock.
 */
export async function createReplacementOrder(
  trx: Trx,
  order: OrderRow,
  lines: readonly ReplacementLine[],
  replacement: { id: string; orderNumber: string; at: string; reason: string },
): Promise<void> {
  await repo.insertOrder(
    trx,
    {
      id: replacement.id,
      order_number: replacement.orderNumber,
      customer_id: order.customer_id,
      email: order.email,
      shipping_name: order.shipping_name,
      shipping_address: order.shipping_address,
      shipping_option: order.shipping_option,
      billing_name: order.billing_name,
      billing_phone: order.billing_phone,
      billing_address: order.billing_address,
      card_brand: null,
      card_last4: null,
      subtotal: 0,
      shipping: 0,
      sales_tax: 0,
      total: 0,
      amount_refunded: 0,
      tracking: null,
      created_at: replacement.at,
      updated_at: replacement.at,
    },
    { actor: 'customer', reason: replacement.reason },
  );
  await repo.insertLines(
    trx,
    replacement.id,
    lines.map((l) => ({ ...l, unitAmount: 0 })),
  );
}
