import { OPEN_RETURN_STATUSES } from '@sunward/core/return-status';
import type { Insertable, Transaction } from 'kysely';
import {
  INITIAL_ORDER_STATUS,
  mayTransition,
  type OrderActor,
  type OrderStatus,
} from '@sunward/core/order-status';
import type { Database, Db } from '../../db/database.ts';
import { losableWrite } from '../../db/relaxed-commit.ts';
import { newId } from '../../lib/ids.ts';
import type { PricedLine } from '../catalog/catalog.api.ts';
import type {
  NewOrder,
  OrderEventsTable,
  OrderItemsTable,
  OrderRefundClaimsTable,
  OrderRefundsTable,
  OrderRow,
} from './orders.table.ts';

/** Writes that must land together take the caller's transaction, never the bare database. */
type Trx = Transaction<Database>;

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

/** The items of several orders in one query (a page of an order history), by order and line. */
export function listItemsOfOrders(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
}

/** Where a page of a customer's orders starts: after this order, newest first. */
export interface OrderPosition {
  createdAt: string;
  id: string;
}

/**
 * A customer's orders newest first, keyset-paged on (created_at desc, id desc) so a page costs the
 * same however deep it is and ties on created_at neither repeat nor skip (index of migration 009).
 */
export function listCustomerOrders(
  db: Db,
  customerId: string,
  page: { after: OrderPosition | null; limit: number },
) {
  let query = db.selectFrom('orders').selectAll().where('customer_id', '=', customerId);
  const { after } = page;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/** A customer's order by its number; undefined for an unknown number or someone else's order. */
export function findCustomerOrder(db: Db, customerId: string, orderNumber: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** An order by its number (normalised, lib/ids.ts), whoever it belongs to; undefined when unknown. */
export function findOrderByNumber(db: Db, orderNumber: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .executeTakeFirst();
}

/**
 * The order-once guarantee: a unique payment_intent_id; a second insert does nothing and answers
 * undefined. The first answers the row as stored.
 */
export function insertOrderOnce(trx: Db, order: NewOrder): Promise<OrderRow | undefined> {
  return trx
    .insertInto('orders')
    .values(order)
    .onConflict((oc) => oc.column('payment_intent_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * An order nobody pays for (an exchange, a replacement): no payment intent, created `pending` with its
 * creation event, in the caller's transaction (with its items, and whatever made it: a return).
 */
export async function insertOrder(
  trx: Trx,
  order: Omit<NewOrder, 'payment_intent_id' | 'status'>,
  created: { actor: OrderActor; reason: string | null },
): Promise<void> {
  await trx
    .insertInto('orders')
    .values({ ...order, payment_intent_id: null, status: INITIAL_ORDER_STATUS })
    .execute();
  await appendEvent(trx, {
    id: newId('oe'),
    order_id: order.id,
    at: order.created_at,
    actor: created.actor,
    from_status: null,
    to_status: INITIAL_ORDER_STATUS,
    reason: created.reason,
    actor_id: null,
  });
}

export interface OrderTransition {
  orderId: string;
  /** The status the caller saw; the change applies only if the order is still in it. */
  from: OrderStatus;
  to: OrderStatus;
  actor: OrderActor;
  reason: string | null;
  at: string;
  /** Set with the change (shipped: the tracking number and its carrier). */
  tracking?: string | null;
  carrier?: string | null;
  /** The operator's customer id, when an operator makes the change. */
  actorId?: string | null;
}

/**
 * The one way an order's status changes: `update ... where status = from`, and the event row, in the
 * caller's transaction. Answers whether this call won: of concurrent changes from one status exactly
 * one updates the row (PostgreSQL re-checks the condition after the winner commits; SQLite runs one
 * transaction at a time); the others change nothing and write no event. A change the state machine
 * does not allow for this actor is a defect (the service asks `mayTransition` first) and throws.
 */
export async function transitionOrder(trx: Trx, t: OrderTransition): Promise<boolean> {
  if (!mayTransition(t.from, t.to, t.actor)) {
    throw new Error(`Order status ${t.from} -> ${t.to} is not allowed for ${t.actor}`);
  }
  const result = await trx
    .updateTable('orders')
    .set({
      status: t.to,
      updated_at: t.at,
      ...(t.tracking !== undefined ? { tracking: t.tracking } : {}),
      ...(t.carrier !== undefined ? { carrier: t.carrier } : {}),
    })
    .where('id', '=', t.orderId)
    .where('status', '=', t.from)
    // A refund decided with a status change keeps the order where it is until it is recorded
    // (order-refunds.service.ts): no other change wins meanwhile.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_refund_claims')
            .select('id')
            .whereRef('order_refund_claims.order_id', '=', 'orders.id')
            .where('transition_to', 'is not', null),
        ),
      ),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await appendEvent(trx, {
    id: newId('oe'),
    order_id: t.orderId,
    at: t.at,
    actor: t.actor,
    from_status: t.from,
    to_status: t.to,
    reason: t.reason,
    actor_id: t.actorId ?? null,
  });
  return true;
}

export function findOrder(db: Db, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listEvents(db: Db, orderId: string) {
  return db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('at')
    .execute();
}

/**
 * Locks the order's row until the caller's transaction ends (a no-op update: a row lock on
 * PostgreSQL, the write lock on SQLite) and answers the row as it is now, or undefined.
 */
export async function lockOrder(trx: Trx, id: string) {
  const touched = await trx
    .updateTable('orders')
    .set((eb) => ({ amount_refunded: eb.ref('amount_refunded') }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) !== 1) return undefined;
  return findOrder(trx, id);
}

export function findRefundByKey(db: Db, idempotencyKey: string) {
  return db
    .selectFrom('order_refunds')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export function listRefunds(db: Db, orderId: string) {
  return db
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
}

/** The scopes of the order's refunds, recorded and claimed: what refunds by items took. */
export async function listTakenScopes(db: Db, orderId: string): Promise<(string | null)[]> {
  const [made, claimed] = await Promise.all([
    db.selectFrom('order_refunds').select('scope').where('order_id', '=', orderId).execute(),
    db.selectFrom('order_refund_claims').select('scope').where('order_id', '=', orderId).execute(),
  ]);
  return [...made, ...claimed].map((r) => r.scope);
}

/** The refunds decided for the order and not yet recorded (migration 021). */
export function listRefundClaims(db: Db, orderId: string) {
  return db
    .selectFrom('order_refund_claims')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
}

export function findRefundClaim(db: Db, id: string) {
  return db.selectFrom('order_refund_claims').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRefundClaimByKey(db: Db, idempotencyKey: string) {
  return db
    .selectFrom('order_refund_claims')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export function insertRefundClaim(trx: Trx, claim: Insertable<OrderRefundClaimsTable>) {
  return trx.insertInto('order_refund_claims').values(claim).execute();
}

/** `by` takes the claim over from a call that gave up on it; false if another did first. */
export async function takeOverRefundClaim(trx: Trx, id: string, by: string): Promise<boolean> {
  const result = await trx
    .updateTable('order_refund_claims')
    .set({ claimed_by: by })
    .where('id', '=', id)
    .where('claimed_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The call `by` gives up waiting on the claim (its job finishes it; a retry may take it over). */
export function letGoOfRefundClaim(db: Db, id: string, by: string) {
  return db
    .updateTable('order_refund_claims')
    .set({ claimed_by: null })
    .where('id', '=', id)
    .where('claimed_by', '=', by)
    .execute();
}

/** Deletes the claim; answers whether it was there (a claim is settled once). */
export async function deleteRefundClaim(trx: Trx, id: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('order_refund_claims')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Records a refund and raises the order's amount_refunded; the caller holds the order's lock. */
export async function insertRefund(trx: Trx, refund: Insertable<OrderRefundsTable>) {
  await trx.insertInto('order_refunds').values(refund).execute();
  await trx
    .updateTable('orders')
    .set((eb) => ({ amount_refunded: eb('amount_refunded', '+', refund.amount) }))
    .where('id', '=', refund.order_id)
    .execute();
}

/** A refund by its id. */
export function findRefund(db: Db, id: string) {
  return db.selectFrom('order_refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Keeps Stripe Tax's transaction of the order (migration 037). */
export function setTaxTransaction(db: Db, orderId: string, transactionId: string) {
  return db
    .updateTable('orders')
    .set({ tax_transaction_id: transactionId })
    .where('id', '=', orderId)
    .execute();
}

/** Keeps Stripe Tax's reversal of the refund (migration 037). */
export function setTaxReversal(db: Db, refundId: string, reversalId: string) {
  return db
    .updateTable('order_refunds')
    .set({ tax_reversal_id: reversalId })
    .where('id', '=', refundId)
    .execute();
}

/** Inserts the items and answers their rows, in the order given. */
export function insertItems(trx: Db, items: Insertable<OrderItemsTable>[]) {
  return trx.insertInto('order_items').values(items).returningAll().execute();
}

/** The order's lines as its items, numbered from 1 in the order given. */
export function insertLines(
  trx: Db,
  orderId: string,
  lines: readonly PricedLine[],
  /** Each line's discount (migration 032), in line order; none given: 0. */
  lineDiscounts: readonly number[] = [],
) {
  return insertItems(trx, itemRows(orderId, lines, lineDiscounts));
}

/** The order's lines as its item rows, numbered from 1 in the order given (nothing written). */
export function itemRows(
  orderId: string,
  lines: readonly PricedLine[],
  /** Each line's discount (migration 032), in line order; none given: 0. */
  lineDiscounts: readonly number[] = [],
) {
  return lines.map((l, i) => ({
    id: newId('oi'),
    order_id: orderId,
    line_no: i + 1,
    product_id: l.productId,
    price_id: l.priceId,
    design: l.design,
    size: l.size,
    position: l.position,
    quantity: l.quantity,
    unit_amount: l.unitAmount,
    discount: lineDiscounts[i] ?? 0,
  }));
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

/**
 * Recorded after the event's handling has committed, so a power cut may lose the record
 * (db/relaxed-commit.ts `losableWrite`): a re-delivery is then handled again, which finds the order.
 */
export function recordWebhook(
  db: Db,
  row: { id: string; provider: string; type: string; at: string },
) {
  return losableWrite(db, (executor) =>
    executor
      .insertInto('webhook_events')
      .values({ id: row.id, provider: row.provider, type: row.type, received_at: row.at })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute(),
  );
}

/** How many of the order's returns are still open (core/return-status: not refunded, not closed). */
export async function countOpenReturns(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('returns')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('order_id', '=', orderId)
    .where('status', 'in', [...OPEN_RETURN_STATUSES])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Shipped orders with a tracking number and no delivery recorded, oldest change first, each with when
 * it was marked shipped (its latest shipped event; null when it has none).
 */
export function shippedUndelivered(db: Db) {
  return db
    .selectFrom('orders as o')
    .leftJoin('order_events as e', (join) =>
      join.onRef('e.order_id', '=', 'o.id').on('e.to_status', '=', 'shipped'),
    )
    .select(['o.id', 'o.tracking', 'o.carrier', 'o.updated_at', 'o.shipping_address'])
    .select((eb) => eb.fn.max('e.at').as('shipped_at'))
    .where('o.status', '=', 'shipped')
    .where('o.tracking', 'is not', null)
    .where('o.delivered_at', 'is', null)
    .groupBy(['o.id', 'o.tracking', 'o.carrier', 'o.updated_at', 'o.shipping_address'])
    .orderBy('o.updated_at')
    .execute();
}

/** The carrier's delivery date of an order, once (a date already kept stays). */
export function setDeliveredAt(trx: Db, orderId: string, deliveredAt: string) {
  return trx
    .updateTable('orders')
    .set({ delivered_at: deliveredAt })
    .where('id', '=', orderId)
    .where('delivered_at', 'is', null)
    .execute();
}

/**
 * The carrier's scans of these tracking numbers (the tracking feature writes them, decision 040), by
 * number, each number's newest first.
 */
export function trackingScans(db: Db, trackingNumbers: readonly string[]) {
  return db
    .selectFrom('tracking_events')
    .select(['tracking_number', 'occurred_at', 'description', 'city', 'state', 'zip', 'delivered'])
    .where('tracking_number', 'in', trackingNumbers)
    .orderBy('tracking_number')
    .orderBy('occurred_at', 'desc')
    .orderBy('code', 'desc')
    .execute();
}

/**
 * Orders paid through the processor, as reconciliation compares them: total, refunded, and whether a
 * refund of the order is claimed and not settled.
 */
function paymentOrders(db: Db) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'orders.order_number',
      'orders.payment_intent_id',
      'orders.total',
      'orders.amount_refunded',
      'orders.created_at',
      eb
        .exists(
          eb
            .selectFrom('order_refund_claims')
            .select('order_refund_claims.id')
            .whereRef('order_refund_claims.order_id', '=', 'orders.id'),
        )
        .as('refund_pending'),
    ])
    .where('orders.payment_intent_id', 'is not', null);
}

/** The paid orders of these payments. */
export function paymentOrdersOf(db: Db, paymentIntentIds: readonly string[]) {
  return paymentOrders(db).where('orders.payment_intent_id', 'in', paymentIntentIds).execute();
}

/** The paid orders placed in [from, to), oldest first. */
export function paymentOrdersPlacedBetween(db: Db, from: string, to: string) {
  return paymentOrders(db)
    .where('orders.created_at', '>=', from)
    .where('orders.created_at', '<', to)
    .orderBy('orders.created_at')
    .execute();
}
