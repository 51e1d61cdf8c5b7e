/**
 * Reconciliation (issue 27 item 3, docs/decisions/038): the processor's payments of a period (the
 * sandbox's, or Stripe's PaymentIntents with their charges' refunds) against the shop's orders.
 * Webhooks get lost and processes die; this is the net under them. Every run is kept with what it
 * found, one finding per kind and payment:
 * - charge_without_order: a payment succeeded over an hour ago (the grace for its webhook and success
 *   page) with no order. Made by a checkout of the shop's, its order is recorded now by the webhook's own
 *   path, which refunds it instead when it cannot be an order; made by nobody's checkout (a charge
 *   behind the shop's back), it is refunded in full with a key of its own, so never twice.
 * - amount_mismatch: an order's total is not what its payment charged.
 * - refund_mismatch: what an order records as refunded is not what the processor refunded (while no
 *   refund of the order is on its way).
 * - order_without_charge: an order whose payment is not a succeeded one at the processor.
 * The last three are left open for an operator: attention items on the console's home.
 */
import { formatMoney } from '@sunward/core/money';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import {
  ordersOfPayments,
  paidOrdersPlacedBetween,
  recoverPaidPayment,
  type OrderDeps,
  type PaymentOrder,
} from '../orders/orders.api.ts';
import type { PaymentProvider, PaymentRecord } from '../payments/payments.api.ts';
import * as repo from './reconciliation.repository.ts';

/** How long a payment may go without its order before reconciliation steps in. */
export const GRACE_MS = 60 * 60_000;
/** How far back each run looks: runs overlap, findings are once per payment. */
export const WINDOW_MS = 3 * 24 * 60 * 60_000;

export interface ReconcileDeps {
  payments: PaymentProvider;
  orders: OrderDeps;
}

export interface RunSummary {
  id: string;
  status: 'done' | 'failed';
  checked: number;
  findings: number;
  error: string | null;
}

interface Found {
  kind: 'charge_without_order' | 'amount_mismatch' | 'refund_mismatch' | 'order_without_charge';
  paymentIntentId: string;
  orderNumber: string | null;
  shopAmount: number | null;
  processorAmount: number | null;
  resolution: 'order_recorded' | 'refunded' | 'open';
  detail: string;
}

/** A paid payment with no order: recorded as an order, or refunded; null to ask again next run. */
async function chargeWithoutOrder(
  db: Db,
  deps: ReconcileDeps,
  payment: PaymentRecord,
): Promise<Found | null> {
  const paid = formatMoney(payment.amount);
  const base = {
    kind: 'charge_without_order' as const,
    paymentIntentId: payment.id,
    shopAmount: null,
    processorAmount: payment.amount,
  };
  const recovered = await recoverPaidPayment(db, deps.orders, payment.id);
  switch (recovered.kind) {
    case 'already_ordered':
    case 'not_yet':
      return null;
    case 'order_recorded':
      return {
        ...base,
        orderNumber: recovered.orderNumber,
        resolution: 'order_recorded',
        detail: `Paid ${paid} with no order: the order was recorded from its checkout.`,
      };
    case 'refunded':
      return {
        ...base,
        orderNumber: null,
        resolution: 'refunded',
        detail: `Paid ${paid} with no order; it could not become one and was refunded: ${recovered.message}`,
      };
    case 'none': {
      const refund = await deps.payments.refund(payment.id, {
        idempotencyKey: `reconciliation:${payment.id}`,
        reason: 'requested_by_customer',
      });
      return refund.ok
        ? {
            ...base,
            orderNumber: null,
            resolution: 'refunded',
            detail: `Paid ${paid} through no checkout of the shop's: refunded in full.`,
          }
        : {
            ...base,
            orderNumber: null,
            resolution: 'open',
            detail: `Paid ${paid} through no checkout of the shop's; the refund failed (${refund.message}). The next run tries again.`,
          };
    }
  }
}

/** What is wrong between a paid order and its payment, or null. */
function compare(order: PaymentOrder, payment: PaymentRecord | undefined): Found | null {
  const base = { paymentIntentId: order.paymentIntentId, orderNumber: order.orderNumber };
  if (!payment || payment.status !== 'succeeded') {
    return {
      ...base,
      kind: 'order_without_charge',
      shopAmount: order.total,
      processorAmount: payment?.amount ?? null,
      resolution: 'open',
      detail: payment
        ? `Order ${order.orderNumber} for ${formatMoney(order.total)}, but its payment is ${payment.status} at the processor.`
        : `Order ${order.orderNumber} for ${formatMoney(order.total)}, but the processor has no such payment.`,
    };
  }
  if (payment.amount !== order.total) {
    return {
      ...base,
      kind: 'amount_mismatch',
      shopAmount: order.total,
      processorAmount: payment.amount,
      resolution: 'open',
      detail: `Order ${order.orderNumber} totals ${formatMoney(order.total)}; its payment charged ${formatMoney(payment.amount)}.`,
    };
  }
  if (!order.refundPending && payment.amountRefunded !== order.amountRefunded) {
    return {
      ...base,
      kind: 'refund_mismatch',
      shopAmount: order.amountRefunded,
      processorAmount: payment.amountRefunded,
      resolution: 'open',
      detail: `Order ${order.orderNumber} records ${formatMoney(order.amountRefunded)} refunded; the processor refunded ${formatMoney(payment.amountRefunded)}.`,
    };
  }
  return null;
}

/**
 * One run over [now - WINDOW_MS, now - GRACE_MS), kept with its findings. A processor out of reach
 * fails the run (kept as failed with the reason); what it found before that stays found.
 */
export async function reconcile(
  db: Db,
  deps: ReconcileDeps,
  options: { startedBy: string; now?: Date },
): Promise<RunSummary> {
  const now = options.now ?? new Date();
  const from = new Date(now.getTime() - WINDOW_MS).toISOString();
  const to = new Date(now.getTime() - GRACE_MS).toISOString();
  const id = newId('rec');
  await repo.insertRun(db, { id, from, to, startedBy: options.startedBy, at: now.toISOString() });
  let checked = 0;
  let findings = 0;
  const save = async (found: Found) => {
    const written = await repo.saveFinding(db, {
      id: newId('recf'),
      run_id: id,
      kind: found.kind,
      payment_intent_id: found.paymentIntentId,
      order_number: found.orderNumber,
      shop_amount: found.shopAmount,
      processor_amount: found.processorAmount,
      resolution: found.resolution,
      detail: found.detail,
      created_at: new Date().toISOString(),
    });
    if (written) findings++;
  };
  try {
    const payments = await deps.payments.listPayments({ from, to });
    const ids = payments.map((p) => p.id);
    const orders = await ordersOfPayments(db, ids);
    const settled = await repo.settledFindings(db, 'charge_without_order', ids);
    for (const payment of payments) {
      checked++;
      const order = orders.get(payment.id);
      if (order) {
        const found = compare(order, payment);
        if (found) await save(found);
      } else if (payment.status === 'succeeded' && !settled.has(payment.id)) {
        const found = await chargeWithoutOrder(db, deps, payment);
        if (found) await save(found);
      }
    }
    // Orders of the period whose payment the processor did not list (made before the period began,
    // or missing): asked about one by one.
    const listed = new Map(payments.map((p) => [p.id, p]));
    for (const order of await paidOrdersPlacedBetween(db, from, to)) {
      if (listed.has(order.paymentIntentId)) continue;
      checked++;
      const intent = await deps.payments.retrieve(order.paymentIntentId);
      const found = compare(
        order,
        intent && {
          id: intent.id,
          status: intent.status,
          amount: intent.amount,
          amountRefunded: intent.amountRefunded,
          createdAt: '',
        },
      );
      if (found) await save(found);
    }
    await repo.finishRun(db, id, {
      status: 'done',
      at: new Date().toISOString(),
      checked,
      findings,
    });
    return { id, status: 'done', checked, findings, error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await repo.finishRun(db, id, {
      status: 'failed',
      at: new Date().toISOString(),
      checked,
      findings,
      error: message,
    });
    return { id, status: 'failed', checked, findings, error: message };
  }
}
