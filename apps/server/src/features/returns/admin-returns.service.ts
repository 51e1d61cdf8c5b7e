/**
 * Returns in the operator console (issue 15; the return's lifecycle is core/return-status.ts): the
 * queue, one return, marking its parcel received (each unit restocked or not) and closing it without
 * a refund. The refund is admin-return-refund.service.ts; the label, issued or sent again, is the
 * labels feature's (labels/admin-return-labels.service.ts).
 *
 * Every change runs in one transaction under the order's row lock (`lockOrder`, as a return's submission
 * and every refund of the order do), so a receipt, a close, a refund and a new return of one order queue
 * up and each judges the return as the one before left it; the operator's action is recorded in that
 * transaction. Asked twice, a change is made once: the second answers the return as it now is.
 */
import type { Transaction } from 'kysely';
import type {
  ReceiveReturnBody,
  ReturnDetail,
  ReturnQueue,
  ReturnQueueFilter,
} from '@sunward/core/console-returns-schemas';
import { trackingUrl } from '@sunward/core/carriers';
import { formatMoney } from '@sunward/core/money';
import {
  canChangeReturn,
  orderStatusOnSettle,
  returnActions,
  statusOnReceipt,
} from '@sunward/core/return-status';
import type { Database, Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { restoreStock } from '../catalog/catalog.api.ts';
import {
  type Operator,
  listOperatorActions,
  recordOperatorAction,
  type OperatorActionView,
} from '../operators/operators.api.ts';
import * as orders from '../orders/orders.api.ts';
import { returnStatusOf, timeline, toSummary } from './admin-return-view.ts';
import * as repo from './admin-returns.repository.ts';

type Trx = Transaction<Database>;

export type AdminReturnFailure =
  | Failure<'not_found'>
  /** The units of a receipt are not the return's units sent back, each once. */
  | Failure<'invalid_units'>
  /** Closing a return that had money to refund needs the operator's reason. */
  | Failure<'reason_required'>
  /** Refunded already (settled), or a refund of it is under way: it cannot be closed. */
  | Failure<'not_closable' | 'refund_under_way'>;

export const RETURN_NOT_FOUND = 'We could not find this return.';
const notFound = () => fail('not_found', RETURN_NOT_FOUND);

/** The queue: a page of returns in the filter's order (open ones oldest first) and the next cursor. */
export async function returnQueue(
  db: Db,
  query: { status: ReturnQueueFilter; cursor?: string | undefined; limit: number },
): Promise<ReturnQueue> {
  const [createdAt, publicId] = query.cursor ? query.cursor.split('|') : [];
  const rows = await repo.listReturnQueue(db, {
    filter: query.status,
    after: createdAt && publicId ? { createdAt, publicId } : null,
    limit: query.limit,
  });
  const units = await repo.listUnits(
    db,
    rows.map((r) => r.id),
  );
  const last = rows.at(-1);
  return {
    returns: rows.map((row) =>
      toSummary(
        row,
        units.filter((u) => u.return_id === row.id),
      ),
    ),
    next: rows.length === query.limit && last ? `${last.created_at}|${last.public_id}` : null,
  };
}

/** One return with everything its page shows, or not_found. */
export async function returnDetail(
  db: Db,
  publicId: string,
): Promise<Result<ReturnDetail, Failure<'not_found'>>> {
  const row = await repo.findReturnByPublicId(db, publicId);
  if (!row) return notFound();
  const [units, label, refund, exchange, actions] = await Promise.all([
    repo.listUnits(db, [row.id]),
    repo.findLabel(db, row.id),
    row.refund_id ? repo.findRefund(db, row.refund_id) : undefined,
    row.exchange_order_id ? repo.findExchangeOrder(db, row.exchange_order_id) : undefined,
    listOperatorActions(db, { limit: 200, target: { type: 'return', id: publicId } }),
  ]);
  const summary = toSummary(row, units);
  return ok({
    ...summary,
    order: {
      ...summary.order,
      total: row.order_total,
      amountRefunded: row.order_amount_refunded,
      card: { brand: row.card_brand, last4: row.card_last4 },
    },
    label:
      label && row.return_label
        ? {
            url: row.return_label,
            trackingNumber: label.tracking_number,
            provider: label.provider,
            createdAt: label.created_at,
          }
        : null,
    refund: refund
      ? { amount: refund.amount, reason: refundReason(actions), at: refund.created_at }
      : null,
    exchangeOrder: exchange
      ? {
          orderNumber: exchange.order_number,
          status: exchange.status,
          carrier: exchange.carrier,
          tracking: exchange.tracking,
          trackingUrl: exchange.tracking ? trackingUrl(exchange.carrier, exchange.tracking) : null,
        }
      : null,
    actions: returnActions({
      status: summary.status,
      receivedAt: row.received_at,
      refundAmount: row.refund_amount,
    }),
    timeline: timeline(row, actions),
  });
}

/** The operator's reason for the return's refund, as recorded with it (null: none given). */
function refundReason(actions: readonly OperatorActionView[]): string | null {
  const reason = actions.find((a) => a.action === 'return.refund')?.detail.reason;
  return typeof reason === 'string' && reason ? reason : null;
}

/** The detail after a change (the return exists: it was just changed). */
export async function detailAfter(db: Db, publicId: string): Promise<ReturnDetail> {
  const detail = await returnDetail(db, publicId);
  if (!detail.ok) throw new Error(`Return ${publicId} vanished after a change`);
  return detail.value;
}

/**
 * The return, with its order's row locked for the rest of `trx`, as it is once the lock is held (read
 * again: it may have changed while this waited).
 */
export async function lockReturn(trx: Trx, publicId: string) {
  const found = await repo.findReturnByPublicId(trx, publicId);
  if (!found) return undefined;
  const order = await orders.lockOrder(trx, found.order_id);
  const row = await repo.findReturnByPublicId(trx, publicId);
  if (!order || !row) return undefined;
  return { row, order };
}

/** Why `requested` is not the return's units sent back, each once; null when it is. */
function checkReceiptUnits(
  sentBack: readonly number[],
  requested: ReceiveReturnBody['units'],
): string | null {
  const seen = new Set<number>();
  for (const { itemId } of requested) {
    if (!sentBack.includes(itemId)) return `Unit ${itemId} is not sent back on this return.`;
    if (seen.has(itemId)) return `Unit ${itemId} is listed twice.`;
    seen.add(itemId);
  }
  const missing = sentBack.filter((id) => !seen.has(id));
  if (missing.length > 0) {
    return `Say for every unit sent back whether it goes back to stock (missing: unit ${missing.join(', ')}).`;
  }
  return null;
}

/**
 * The parcel arrived: each unit sent back is restocked (its size back in stock, catalog restoreStock)
 * or not (damaged), the return moves requested -> received (a settled return whose parcel comes late
 * keeps its status), and nothing is refunded. A receipt already recorded is not made again.
 */
export async function receiveReturn(
  db: Db,
  operator: Operator,
  publicId: string,
  body: ReceiveReturnBody,
): Promise<Result<ReturnDetail, AdminReturnFailure>> {
  const done = await db.transaction().execute(async (trx) => {
    const locked = await lockReturn(trx, publicId);
    if (!locked) return notFound();
    const { row } = locked;
    const next = statusOnReceipt({
      status: returnStatusOf(row.status),
      receivedAt: row.received_at,
    });
    if (next === null) return ok(false);

    const units = (await repo.listUnits(trx, [row.id])).filter((u) => u.return_type !== 'Keep');
    const wrong = checkReceiptUnits(
      units.map((u) => u.item_id),
      body.units,
    );
    if (wrong) return fail('invalid_units', wrong);
    const restock = new Set(body.units.filter((u) => u.restock).map((u) => u.itemId));
    const restocked = units.filter((u) => restock.has(u.item_id));
    const kept = units.filter((u) => !restock.has(u.item_id));

    const at = nowIso();
    await restoreStock(
      trx,
      restocked.map((u) => ({ productId: u.product_id, size: u.size, quantity: 1 })),
      at,
    );
    await repo.setRestocked(
      trx,
      row.id,
      restocked.map((u) => u.item_id),
      true,
    );
    await repo.setRestocked(
      trx,
      row.id,
      kept.map((u) => u.item_id),
      false,
    );
    await repo.markReceived(trx, row.id, { status: next, at, by: operator.customerId });
    await recordOperatorAction(trx, operator, {
      action: 'return.receive',
      targetType: 'return',
      targetId: publicId,
      at,
      detail: {
        orderNumber: row.order_number,
        restocked: restocked.map((u) => u.item_id),
        notRestocked: kept.map((u) => u.item_id),
        status: next,
      },
    });
    return ok(true);
  });
  if (!done.ok) return done;
  return ok(await detailAfter(db, publicId));
}

/**
 * Moves the order once one of its returns settled (the caller holds the order's lock): return ->
 * refund or -> completed when this was its last open return (core orderStatusOnSettle), through the
 * order machine (transitionOrder), as the operator. Answers the order's new status, or null.
 */
export async function settleOrder(
  trx: Trx,
  operator: Operator,
  input: { orderId: string; orderStatus: string; returnId: string; reason: string; at: string },
): Promise<string | null> {
  const to = orderStatusOnSettle({
    orderStatus: input.orderStatus,
    otherOpenReturns: await repo.countOtherOpenReturns(trx, input.orderId, input.returnId),
    refunded: await repo.anyReturnRefunded(trx, input.orderId),
  });
  if (!to) return null;
  const moved = await orders.transitionOrder(trx, {
    orderId: input.orderId,
    from: 'return',
    to,
    actor: 'operator',
    actorId: operator.customerId,
    reason: input.reason,
    at: input.at,
  });
  if (!moved) throw new Error(`Order ${input.orderId} changed status under its lock`);
  return to;
}

/**
 * Closes the return with nothing refunded (exchanges and kept units only, or the operator's decision:
 * the parcel never came); a return that had money to refund needs a reason. The order moves return ->
 * completed (or -> refund, if another of its returns was refunded) when this was its last open return.
 */
export async function closeReturn(
  db: Db,
  operator: Operator,
  publicId: string,
  body: { reason?: string | undefined },
): Promise<Result<ReturnDetail, AdminReturnFailure>> {
  const done = await db.transaction().execute(async (trx) => {
    const locked = await lockReturn(trx, publicId);
    if (!locked) return notFound();
    const { row, order } = locked;
    const status = returnStatusOf(row.status);
    if (status === 'closed') return ok(false);
    if (!canChangeReturn(status, 'closed')) {
      return fail('not_closable', 'This return was refunded: it is settled and cannot be closed.');
    }
    if (row.refund_started_at) {
      return fail(
        'refund_under_way',
        'A refund of this return is under way, so it cannot be closed. Reload the page in a moment.',
      );
    }
    const reason = body.reason?.trim() || null;
    if (row.refund_amount > 0 && !reason) {
      return fail(
        'reason_required',
        `This return would refund ${formatMoney(row.refund_amount)}: say why it is closed without a refund.`,
      );
    }
    const at = nowIso();
    await repo.markClosed(trx, row.id, at);
    const orderStatus = await settleOrder(trx, operator, {
      orderId: row.order_id,
      orderStatus: order.status,
      returnId: row.id,
      reason: `return #${row.seq} closed` + (reason ? `: ${reason}` : ''),
      at,
    });
    await recordOperatorAction(trx, operator, {
      action: 'return.close',
      targetType: 'return',
      targetId: publicId,
      at,
      detail: { orderNumber: row.order_number, reason, orderStatus },
    });
    return ok(true);
  });
  if (!done.ok) return done;
  return ok(await detailAfter(db, publicId));
}
