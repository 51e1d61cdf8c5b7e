/**
 * Every query of the console's returns (issue 15): the queue (keyset pages on (created_at, public_id),
 * indexes of migration 014), one return with what its page shows, and the writes of receiving,
 * refunding and closing, each in the caller's transaction under the order's lock.
 */
import type { Db } from '../../db/database.ts';
import { OPEN_RETURN_STATUSES, type ReturnStatus } from '@sunward/core/return-status';
import type { ReturnQueueFilter } from '@sunward/core/console-returns-schemas';

/** Where a page of the queue starts: after this return, in the filter's order. */
export interface QueuePosition {
  createdAt: string;
  publicId: string;
}

/** The open statuses are worked oldest first (the longest waiting on top); the others newest first. */
export const oldestFirst = (filter: ReturnQueueFilter) =>
  filter === 'open' || filter === 'requested' || filter === 'on-its-way' || filter === 'received';

function returnsWithOrder(db: Db) {
  return db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('orders as x', 'x.id', 'r.exchange_order_id')
    .leftJoin('return_labels as l', 'l.return_id', 'r.id')
    .select([
      'r.id',
      'r.public_id',
      'r.order_id',
      'r.seq',
      'r.status',
      'r.created_at',
      'r.sales_tax_refund',
      'r.shipping_fee',
      'r.refund_amount',
      'r.exchange_order_id',
      'r.return_label',
      'r.received_at',
      'r.refund_started_at',
      'r.refund_key',
      'r.refund_id',
      'r.refunded_at',
      'r.closed_at',
      'o.order_number',
      'o.status as order_status',
      'o.shipping_name',
      'o.billing_name',
      'o.email',
      'o.customer_id',
      'o.total as order_total',
      'o.amount_refunded as order_amount_refunded',
      'o.card_brand',
      'o.card_last4',
      'x.order_number as exchange_order_number',
      'l.tracking_number as label_tracking',
    ]);
}

export type ReturnWithOrder = NonNullable<Awaited<ReturnType<typeof findReturnByPublicId>>>;

/** A page of the queue in the filter's order. */
export function listReturnQueue(
  db: Db,
  page: { filter: ReturnQueueFilter; after: QueuePosition | null; limit: number },
) {
  let query = returnsWithOrder(db);
  if (page.filter === 'open') query = query.where('r.status', 'in', [...OPEN_RETURN_STATUSES]);
  else if (page.filter !== 'all') query = query.where('r.status', '=', page.filter);
  const asc = oldestFirst(page.filter);
  const { after } = page;
  if (after) {
    const beyond = asc ? '>' : '<';
    query = query.where((eb) =>
      eb.or([
        eb('r.created_at', beyond, after.createdAt),
        eb.and([
          eb('r.created_at', '=', after.createdAt),
          eb('r.public_id', beyond, after.publicId),
        ]),
      ]),
    );
  }
  const direction = asc ? 'asc' : 'desc';
  return query
    .orderBy('r.created_at', direction)
    .orderBy('r.public_id', direction)
    .limit(page.limit)
    .execute();
}

export function findReturnByPublicId(db: Db, publicId: string) {
  return returnsWithOrder(db).where('r.public_id', '=', publicId).executeTakeFirst();
}

/** The units of several returns, each return's in unit order. */
export function listUnits(db: Db, returnIds: readonly string[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('return_items')
    .select([
      'return_id',
      'item_id',
      'return_type',
      'return_reason',
      'design',
      'size',
      'position',
      'product_id',
      'product_cost',
      'size_exchange',
      'position_exchange',
      'restocked',
    ])
    .where('return_id', 'in', returnIds)
    .orderBy('return_id')
    .orderBy('item_id')
    .execute();
}

/**
 * The order lines of a return's Refund units, with how many units of each: the scope of its refund, so
 * a later refund by items from the order's page cannot refund those shirts again.
 */
export async function refundedLines(
  db: Db,
  returnId: string,
): Promise<{ line: number; quantity: number }[]> {
  const rows = await db
    .selectFrom('return_items')
    .innerJoin('order_items', 'order_items.id', 'return_items.order_item_id')
    .select(['order_items.line_no as line'])
    .select((eb) => eb.fn.countAll<string | number>().as('quantity'))
    .where('return_items.return_id', '=', returnId)
    .where('return_items.return_type', '=', 'Refund')
    .groupBy('order_items.line_no')
    .orderBy('order_items.line_no')
    .execute();
  return rows.map((r) => ({ line: Number(r.line), quantity: Number(r.quantity) }));
}

/** How many of the order's returns other than `exceptId` are still open. */
export async function countOtherOpenReturns(
  db: Db,
  orderId: string,
  exceptId: string,
): Promise<number> {
  const row = await db
    .selectFrom('returns')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('order_id', '=', orderId)
    .where('id', '!=', exceptId)
    .where('status', 'in', [...OPEN_RETURN_STATUSES])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether any return of the order was refunded. */
export async function anyReturnRefunded(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('returns')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'refunded')
    .executeTakeFirst();
  return row !== undefined;
}

/** A requested return's parcel scanned by the carrier: on its way; false when it was not requested. */
export async function moveRequestedOnItsWay(trx: Db, id: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('returns')
    .set({ status: 'on-its-way', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The parcel arrived: the return's receipt (and its status, if it changes). */
export function markReceived(
  trx: Db,
  id: string,
  receipt: { status: ReturnStatus; at: string; by: string },
) {
  return trx
    .updateTable('returns')
    .set({
      status: receipt.status,
      received_at: receipt.at,
      received_by: receipt.by,
      updated_at: receipt.at,
    })
    .where('id', '=', id)
    .execute();
}

export function setRestocked(trx: Db, returnId: string, itemIds: number[], restocked: boolean) {
  if (itemIds.length === 0) return Promise.resolve();
  return trx
    .updateTable('return_items')
    .set({ restocked: restocked ? 1 : 0 })
    .where('return_id', '=', returnId)
    .where('item_id', 'in', itemIds)
    .execute();
}

/** A refund under way (the caller holds the order's lock): the return cannot be closed meanwhile. */
export function claimRefund(trx: Db, id: string, key: string, at: string) {
  return trx
    .updateTable('returns')
    .set({ refund_started_at: at, refund_key: key })
    .where('id', '=', id)
    .execute();
}

/** The refund of `key` did not happen: the claim goes, unless another request's claim replaced it. */
export function releaseRefundClaim(db: Db, id: string, key: string) {
  return db
    .updateTable('returns')
    .set({ refund_started_at: null, refund_key: null })
    .where('id', '=', id)
    .where('refund_key', '=', key)
    .where('refund_id', 'is', null)
    .execute();
}

/** Refunded: only an open return (the claim keeps it open); false if it was not. */
export async function markRefunded(
  trx: Db,
  id: string,
  refund: { refundId: string; key: string; at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('returns')
    .set({
      status: 'refunded',
      refund_id: refund.refundId,
      refund_key: refund.key,
      refund_started_at: null,
      refunded_at: refund.at,
      updated_at: refund.at,
    })
    .where('id', '=', id)
    .where('status', 'in', [...OPEN_RETURN_STATUSES])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function markClosed(trx: Db, id: string, at: string) {
  return trx
    .updateTable('returns')
    .set({ status: 'closed', closed_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** What the return's page shows of its label, its refund and its exchange's replacement order. */
export function findLabel(db: Db, returnId: string) {
  return db
    .selectFrom('return_labels')
    .select(['tracking_number', 'provider', 'created_at'])
    .where('return_id', '=', returnId)
    .executeTakeFirst();
}

export function findRefund(db: Db, refundId: string) {
  return db
    .selectFrom('order_refunds')
    .select(['amount', 'reason', 'created_at'])
    .where('id', '=', refundId)
    .executeTakeFirst();
}

export function findExchangeOrder(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['order_number', 'status', 'carrier', 'tracking'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}
