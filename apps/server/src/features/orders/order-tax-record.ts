/**
 * A paid order taxed by Stripe Tax is recorded with Stripe as a tax transaction (what Stripe files and
 * reports), by the orders feature's reaction to its own `order.placed` (docs/decisions/031 and 041): the order's transaction
 * enqueues it, so an order is never left unrecorded by a crash after its commit, and Stripe out of
 * reach is asked again with backoff. The transaction is made from the very calculation the shopper was
 * shown, under the order's number, with an idempotency key, so a run again records nothing twice; its
 * id is kept on the order.
 *
 * Each refund of such an order (`order.refunded`, published where the refund is recorded) is taken off
 * that transaction by a reversal under the refund's own reference (`<order number>-refund-<refund id>`),
 * kept on the refund: the whole order refunded at once reverses the whole transaction; any other refund
 * reverses its amount, tax included, which Stripe spreads over the lines and the shipping. A refund
 * recorded before the order's transaction waits for it (the reaction is asked again later).
 */
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../lib/jobs/events.ts';
import type { WorkOptions } from '../../lib/jobs/job-queue.ts';
import type { TaxProvider } from '../tax/tax.api.ts';
import {
  ORDER_PLACED,
  ORDER_REFUNDED,
  type OrderPlaced,
  type OrderRefunded,
} from './orders.events.ts';
import * as repo from './orders.repository.ts';

export const TAX_TRANSACTION_JOB = 'orders.record-tax';
export const TAX_REVERSAL_JOB = 'orders.reverse-tax';

/** A day of attempts, 30 s then doubling up to 30 minutes: Stripe keeps a calculation for 90 days. */
export const TAX_TRANSACTION_JOB_OPTIONS = {
  maxAttempts: 50,
  backoff: { firstMs: 30_000, maxMs: 30 * 60_000 },
  timeoutMs: 60_000,
} satisfies WorkOptions;

/** Thrown so the job engine asks again later. */
export class TaxNotRecorded extends Error {
  constructor(reason: string) {
    super(`Tax transaction not recorded yet: ${reason}`);
    this.name = 'TaxNotRecorded';
  }
}

/** Declares the reactions (before the queue starts); only orders with a calculation enqueue them. */
export function registerTaxTransactionJob(events: EventBus, db: Db, tax: () => TaxProvider): void {
  events.on<OrderPlaced>(
    ORDER_PLACED,
    TAX_TRANSACTION_JOB,
    async ({ data }) => {
      if (!data.taxCalculation || !data.orderNumber) return;
      const recorded = await tax().record(data.taxCalculation, data.orderNumber);
      if (!recorded.ok) throw new TaxNotRecorded(recorded.message);
      if (recorded.value.transactionId) {
        await repo.setTaxTransaction(db, data.orderId, recorded.value.transactionId);
      }
    },
    { ...TAX_TRANSACTION_JOB_OPTIONS, when: (data) => Boolean(data.taxCalculation) },
  );

  events.on<OrderRefunded>(
    ORDER_REFUNDED,
    TAX_REVERSAL_JOB,
    async ({ data }) => {
      const [order, refund] = await Promise.all([
        repo.findOrder(db, data.orderId),
        repo.findRefund(db, data.refundId),
      ]);
      if (!order || !refund || refund.tax_reversal_id) return;
      if (!order.tax_transaction_id) {
        throw new TaxNotRecorded(
          `order ${order.order_number} has no tax transaction to reverse yet`,
        );
      }
      const reversed = await tax().reverse({
        transactionId: order.tax_transaction_id,
        reference: `${order.order_number}-refund-${refund.id}`,
        amount: refund.amount,
        full: refund.amount === order.total,
      });
      if (!reversed.ok) throw new TaxNotRecorded(reversed.message);
      if (reversed.value.reversalId) {
        await repo.setTaxReversal(db, refund.id, reversed.value.reversalId);
      }
    },
    { ...TAX_TRANSACTION_JOB_OPTIONS, when: (data) => Boolean(data.taxCalculation) },
  );
}
