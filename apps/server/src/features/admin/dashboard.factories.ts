/**
 * Rows for the dashboard's tests: orders at known moments (orders' own factory), their refunds, outbox
 * emails, returns and data requests in a given status, written straight to the database.
 */
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { orderRow } from '../orders/orders.factories.ts';
import type { NewOrder } from '../orders/orders.table.ts';

/** An order created at `at` (ISO), paid through the provider unless `paid: false`. Returns its id. */
export async function orderAt(
  db: Db,
  at: string,
  overrides: Partial<NewOrder> & { paid?: boolean } = {},
): Promise<string> {
  const { paid = true, ...rest } = overrides;
  const row = orderRow({
    status: 'completed',
    payment_intent_id: paid ? newId('pi') : null,
    created_at: at,
    updated_at: at,
    ...rest,
  });
  await db.insertInto('orders').values(row).execute();
  return row.id;
}

/** A refund of `amount` cents on an order, recorded at `at`. */
export async function refundAt(db: Db, orderId: string, amount: number, at: string) {
  await db
    .insertInto('order_refunds')
    .values({
      id: newId('ref'),
      order_id: orderId,
      amount,
      reason: 'test',
      idempotency_key: newId('key'),
      provider_refund_id: null,
      actor: 'operator',
      created_at: at,
    })
    .execute();
}

/** An outbox email in `status`. */
export async function outboxEmail(db: Db, status: string, at = new Date().toISOString()) {
  const id = newId('eml');
  await db
    .insertInto('email_outbox')
    .values({
      id,
      kind: 'order-shipped',
      dedupe_key: null,
      to_address: `${id}@example.com`,
      subject: 'Your order has shipped',
      html: '<p>Shipped</p>',
      text: 'Shipped',
      status,
      attempts: status === 'failed' ? 5 : 1,
      last_error: status === 'failed' ? '550 mailbox unavailable' : null,
      created_at: at,
      sent_at: null,
    })
    .execute();
  return id;
}

/** A return of a new order in `status`, made at `at`. */
export async function returnIn(db: Db, status: string, at = new Date().toISOString()) {
  const orderId = await orderAt(db, at, { status: 'return' });
  const id = newId('ret');
  await db
    .insertInto('returns')
    .values({
      id,
      public_id: newId('rtn'),
      order_id: orderId,
      seq: 1,
      status,
      sales_tax_refund: 0,
      shipping_fee: 0,
      refund_amount: 4500,
      return_label: null,
      exchange_order_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A data request due on `dueBy` (YYYY-MM-DD) in `status`. */
export async function dataRequestDue(db: Db, dueBy: string, status = 'open') {
  const id = newId('dr');
  const at = new Date().toISOString();
  await db
    .insertInto('data_requests')
    .values({
      id,
      email: `${id}@example.com`,
      message: 'Please send me my data.',
      status,
      created_at: at,
      received_at: at,
      due_by: dueBy,
      customer_id: null,
    })
    .execute();
  return id;
}
