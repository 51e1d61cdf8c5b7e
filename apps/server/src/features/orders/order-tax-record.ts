/**
 * A paid order taxed by Stripe Tax is recorded with Stripe as a tax transaction (what Stripe files and
 * reports), by the orders feature's reaction to its own `order.placed` (docs/decisions/031 and 041): the order's transaction
 * enqueues it, so an order is never left unrecorded by a crash after its commit, and Stripe out of
 * reach is asked again with backoff. The transaction is made from the very calculation the shopper was
 * shown, under the order's number, with an idempotency key, so a run again records nothing twice.
 */
import type { EventBus } from '../../lib/jobs/events.ts';
import type { WorkOptions } from '../../lib/jobs/job-queue.ts';
import type { TaxProvider } from '../tax/tax.api.ts';
import { ORDER_PLACED, type OrderPlaced } from './orders.events.ts';

export const TAX_TRANSACTION_JOB = 'orders.record-tax';

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

/** Declares the reaction (before the queue starts); only orders with a calculation enqueue it. */
export function registerTaxTransactionJob(events: EventBus, tax: () => TaxProvider): void {
  events.on<OrderPlaced>(
    ORDER_PLACED,
    TAX_TRANSACTION_JOB,
    async ({ data }) => {
      if (!data.taxCalculation || !data.orderNumber) return;
      const recorded = await tax().record(data.taxCalculation, data.orderNumber);
      if (!recorded.ok) throw new TaxNotRecorded(recorded.message);
    },
    { ...TAX_TRANSACTION_JOB_OPTIONS, when: (data) => Boolean(data.taxCalculation) },
  );
}
