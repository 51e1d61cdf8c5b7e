/**
 * The console's orders (issue 15): the list with its filters and search (a page at a time, newest
 * first), the same list as CSV, and one order with everything an operator needs to act on it.
 */
import { isOrderStatus } from '@sunward/core/order-status';
import type {
  ConsoleOrderDetail,
  ConsoleOrderPage,
  OrderListFilters,
  PackingSlip,
} from '@sunward/core/console-orders';
import { paymentStatusOf } from '@sunward/core/order-payment';
import { shopDaysRange } from '@sunward/core/shop-calendar';
import type { Db } from '../../db/database.ts';
import { normalizeOrderNumber } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { loadSettings } from '../settings/settings.api.ts';
import * as admin from './admin-orders.repository.ts';
import { orderCsvRow, csvRow, CSV_HEADER, type CsvItem } from './admin-orders.csv.ts';
import {
  decodeCursor,
  encodeCursor,
  operatorTargets,
  orderView,
  parseScope,
  refundedByItems,
} from '../orders/orders.api.ts';
import * as orders from '../orders/orders.api.ts';

export type OrderFilterFailure = Failure<'invalid_range'>;
export type OrderListFailure = OrderFilterFailure | Failure<'invalid_cursor'>;

/**
 * The repository's filter for the console's filters: shop days as instants, and the search as
 * prefixes (lower case for emails and names; the order number as `normalizeOrderNumber` writes it,
 * when the text could be one).
 */
export function orderFilterOf(
  filters: OrderListFilters,
): Result<admin.OrderFilter, OrderFilterFailure> {
  if (filters.from && filters.to && filters.from > filters.to) {
    return fail('invalid_range', 'The first day is after the last day.');
  }
  const { start, end } = shopDaysRange(filters.from, filters.to);
  const q = filters.q?.trim().replace(/^#/, '') ?? '';
  const number = /^[A-Za-z0-9 -]+$/.test(q) ? normalizeOrderNumber(q) : '';
  return ok({
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.payment ? { payment: filters.payment } : {}),
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
    ...(q ? { search: { text: q.toLowerCase(), number } } : {}),
  });
}

/** A page of the list: `limit` orders after `cursor`, with the next page's cursor. */
export async function listConsoleOrders(
  db: Db,
  query: OrderListFilters & { cursor?: string | undefined; limit: number },
): Promise<Result<ConsoleOrderPage, OrderListFailure>> {
  const filter = orderFilterOf(query);
  if (!filter.ok) return filter;
  let after: orders.OrderPosition | null = null;
  if (query.cursor !== undefined) {
    const decoded = decodeCursor(query.cursor);
    if (!decoded) return fail('invalid_cursor', 'This page of orders does not exist.');
    after = decoded;
  }
  // One more than asked: whether a next page exists, without counting.
  const rows = await admin.listOrders(db, filter.value, { after, limit: query.limit + 1 });
  const shown = rows.slice(0, query.limit);
  const ids = shown.map((o) => o.id);
  const counts = await admin.itemCounts(db, ids);
  const returns = await admin.latestReturnStatuses(db, ids);
  const last = shown.at(-1);
  return ok({
    orders: shown.map((o) => ({
      orderNumber: o.order_number,
      createdAt: o.created_at,
      status: o.status,
      paymentStatus: paymentStatusOf(o.total, o.amount_refunded),
      email: o.email,
      name: o.shipping_name,
      itemCount: counts.get(o.id) ?? 0,
      total: o.total,
      refunded: o.amount_refunded,
      returnStatus: returns.get(o.id) ?? null,
      carrier: o.carrier,
      tracking: o.tracking,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null,
  });
}

/** Rows per query while writing the CSV: enough to keep round trips few, small enough to stream. */
export const CSV_BATCH = 500;

/**
 * The CSV of every order matching `filter`, newest first: the header, then a batch of rows at a time
 * (keyset-paged like the list, so orders arriving meanwhile neither repeat nor shift rows).
 */
export async function* ordersCsv(db: Db, filter: admin.OrderFilter): AsyncGenerator<string> {
  yield csvRow(CSV_HEADER);
  let after: orders.OrderPosition | null = null;
  for (;;) {
    const rows = await admin.listOrders(db, filter, { after, limit: CSV_BATCH });
    if (rows.length === 0) return;
    const items = await admin.itemsOfOrders(
      db,
      rows.map((o) => o.id),
    );
    const byOrder = new Map<string, CsvItem[]>();
    for (const item of items) {
      const list = byOrder.get(item.order_id) ?? [];
      list.push(item);
      byOrder.set(item.order_id, list);
    }
    yield rows.map((o) => orderCsvRow(o, byOrder.get(o.id) ?? [])).join('');
    if (rows.length < CSV_BATCH) return;
    const last = rows.at(-1)!;
    after = { createdAt: last.created_at, id: last.id };
  }
}

/**
 * One order for the console: its view, payment and refunds, the lines with what was refunded of each,
 * the emails sent for it, its status changes, the operators' notes, its returns, and the statuses an
 * operator may move it to now through PATCH /api/orders/status (core's machine for an operator, less
 * the changes that have doors of their own: a return, a return's refund).
 */
export async function consoleOrderDetail(
  db: Db,
  orderNumber: string,
): Promise<Result<ConsoleOrderDetail, Failure<'not_found'>>> {
  const order = await orders.findOrderByNumber(db, normalizeOrderNumber(orderNumber));
  if (!order) return fail('not_found', `There is no order ${orderNumber}.`);
  // One after the other: a SQLite connection runs one statement at a time anyway.
  const view = await orderView(db, order);
  const items = await orders.listItems(db, order.id);
  const refunds = await admin.refundsOf(db, order.id);
  const events = await admin.eventsOf(db, order.id);
  const emails = await admin.emailsOf(db, order.id);
  const notes = await admin.notesOf(db, order.id);
  const returns = await admin.returnsOf(db, order.id);
  const original = await admin.replacementFor(db, order.id);
  const taken = refundedByItems(refunds.map((r) => r.scope));

  return ok({
    order: view,
    paymentStatus: paymentStatusOf(order.total, order.amount_refunded),
    payment: {
      intentId: order.payment_intent_id,
      card: { brand: order.card_brand, last4: order.card_last4 },
      paid: order.total,
      refunded: order.amount_refunded,
      left: Math.max(0, order.total - order.amount_refunded),
      refunds: refunds.map((r) => ({
        id: r.id,
        amount: r.amount,
        reason: r.reason,
        actor: r.actor,
        operatorEmail: r.operator_email,
        createdAt: r.created_at,
        scope: parseScope(r.scope),
      })),
    },
    lines: items.map((i) => ({
      line: i.line_no,
      design: i.design,
      size: i.size,
      position: i.position,
      quantity: i.quantity,
      unitAmount: i.unit_amount,
      refundedUnits: Math.min(i.quantity, taken.units.get(i.line_no) ?? 0),
    })),
    shippingRefunded: taken.shipping,
    emails: emails.map((e) => ({
      id: e.id,
      kind: e.kind,
      to: e.to_address,
      subject: e.subject,
      status: e.status,
      createdAt: e.created_at,
      sentAt: e.sent_at,
      lastError: e.last_error,
    })),
    events: events.map((e) => ({
      id: e.id,
      at: e.at,
      actor: e.actor,
      operatorEmail: e.operator_email,
      from: e.from_status,
      to: e.to_status,
      reason: e.reason,
    })),
    notes: notes.map((n) => ({
      id: n.id,
      at: n.at,
      operatorEmail: n.operator_email,
      body: n.body,
    })),
    returns: returns.map((r) => ({
      id: r.public_id,
      seq: r.seq,
      status: r.status,
      createdAt: r.created_at,
      refundAmount: r.refund_amount,
      exchangeOrderNumber: r.exchange_order_number,
    })),
    replacementFor: original,
    allowedStatuses: isOrderStatus(order.status) ? operatorTargets(order.status) : [],
  });
}

/** The packing slip of order `orderNumber`: the shop's name and return address, and the order. */
export async function packingSlip(
  db: Db,
  orderNumber: string,
): Promise<Result<PackingSlip, Failure<'not_found'>>> {
  const order = await orders.findOrderByNumber(db, normalizeOrderNumber(orderNumber));
  if (!order) return fail('not_found', `There is no order ${orderNumber}.`);
  const { shopName, returnAddress } = await loadSettings(db);
  return ok({ shopName, returnAddress, order: await orderView(db, order) });
}
