/**
 * What reconciliation (features/reconciliation) reads and does through the orders' door: the shop's
 * side of each payment (its order's total and refunds, and whether a refund is on its way), the paid
 * orders of a period, and recording the order of a paid payment whose order was never recorded (a
 * webhook lost, a success page never reached): the webhook's own path, which records the order or,
 * when it cannot be one, refunds the payment (unorderable-refund.service.ts).
 */
import type { Db } from '../../db/database.ts';
import * as repo from './orders.repository.ts';
import { createOrderForIntent, type OrderDeps } from './orders.service.ts';

export interface PaymentOrder {
  orderNumber: string;
  paymentIntentId: string;
  total: number;
  amountRefunded: number;
  /** A refund is claimed and not yet settled: the processor may be ahead of the shop for a while. */
  refundPending: boolean;
  createdAt: string;
}

const toPaymentOrder = (r: {
  order_number: string;
  payment_intent_id: string | null;
  total: number;
  amount_refunded: number;
  created_at: string;
  refund_pending: unknown;
}): PaymentOrder => ({
  orderNumber: r.order_number,
  paymentIntentId: r.payment_intent_id!,
  total: r.total,
  amountRefunded: r.amount_refunded,
  refundPending: Boolean(Number(r.refund_pending)),
  createdAt: r.created_at,
});

/** The orders of these payments, by payment id (a few hundred ids a query). */
export async function ordersOfPayments(
  db: Db,
  paymentIntentIds: readonly string[],
): Promise<Map<string, PaymentOrder>> {
  const found = new Map<string, PaymentOrder>();
  for (let i = 0; i < paymentIntentIds.length; i += 500) {
    const ids = paymentIntentIds.slice(i, i + 500);
    const rows = await repo.paymentOrdersOf(db, ids);
    for (const r of rows) found.set(r.payment_intent_id!, toPaymentOrder(r));
  }
  return found;
}

/** The orders paid through the processor and placed in [from, to), oldest first. */
export async function paidOrdersPlacedBetween(
  db: Db,
  from: string,
  to: string,
): Promise<PaymentOrder[]> {
  const rows = await repo.paymentOrdersPlacedBetween(db, from, to);
  return rows.map(toPaymentOrder);
}

/**
 * A paid payment with no order: the order recorded now from its checkout (as the webhook would), or
 * the payment refunded when it cannot become one. `none`: no checkout of the shop's made it.
 */
export async function recoverPaidPayment(
  db: Db,
  deps: OrderDeps,
  paymentIntentId: string,
): Promise<
  | { kind: 'order_recorded'; orderNumber: string }
  | { kind: 'already_ordered'; orderNumber: string }
  | { kind: 'refunded'; message: string }
  | { kind: 'none' }
  | { kind: 'not_yet'; message: string }
> {
  const result = await createOrderForIntent(db, deps, paymentIntentId, 'webhook');
  if (result.ok) {
    return result.value.created
      ? { kind: 'order_recorded', orderNumber: result.value.order.orderNumber }
      : { kind: 'already_ordered', orderNumber: result.value.order.orderNumber };
  }
  if (result.code === 'refunded') return { kind: 'refunded', message: result.message };
  if (result.code === 'not_found') return { kind: 'none' };
  return { kind: 'not_yet', message: result.message };
}
