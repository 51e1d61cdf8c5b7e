/**
 * Test factories for the console's orders: orders written straight to the database with the fields a
 * test varies (when, status, amounts, names), their items, and a return record; plus the console's
 * calls over HTTP.
 */
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { withQuery, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { orderRow } from '../orders/orders.factories.ts';
import type { NewOrder } from '../orders/orders.api.ts';

export interface ConsoleOrderInput extends Partial<NewOrder> {
  /** Quantities of the order's lines (default one line of 1). */
  lines?: number[];
}

/** An order (default: $45 + $5 tax, paid, pending) with its lines and creation event. */
export async function insertConsoleOrder(db: Db, input: ConsoleOrderInput = {}) {
  const { lines = [1], ...overrides } = input;
  const row = orderRow(overrides);
  await db.insertInto('orders').values(row).execute();
  await db
    .insertInto('order_items')
    .values(
      lines.map((quantity, i) => ({
        id: newId('oi'),
        order_id: row.id,
        line_no: i + 1,
        product_id: SHIRT_PRODUCT_ID,
        price_id: SHIRT_PRICE_ID,
        design: 'alaska',
        size: 'mdr',
        position: 'Front',
        quantity,
        unit_amount: 4500,
      })),
    )
    .execute();
  await db
    .insertInto('order_events')
    .values({
      id: newId('oe'),
      order_id: row.id,
      at: row.created_at!,
      actor: 'system',
      from_status: null,
      to_status: 'pending',
      reason: 'test',
      actor_id: null,
    })
    .execute();
  return row;
}

/** A return record of `orderId` (no units: the list reads only its status). */
export async function insertReturnRecord(
  db: Db,
  orderId: string,
  seq: number,
  status: string,
  at = new Date().toISOString(),
) {
  await db
    .insertInto('returns')
    .values({
      id: newId('ret'),
      public_id: newId('retp'),
      order_id: orderId,
      seq,
      status,
      sales_tax_refund: 0,
      shipping_fee: 0,
      refund_amount: 0,
      return_label: null,
      exchange_order_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** GET /api/admin/orders with `query`, as `headers`' caller. */
export function listOrders(
  t: TestApp,
  headers: Record<string, string>,
  query: Record<string, string | number | undefined> = {},
) {
  return t.request('GET', withQuery('/api/admin/orders', query), undefined, headers);
}
