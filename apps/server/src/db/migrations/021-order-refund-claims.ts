import type { Kysely, Migration } from 'kysely';

/**
 * A refund is asked of the payment provider outside any transaction (issue 26 item 2, docs/decisions/
 * 034, features/orders/order-refunds.service.ts). `order_refund_claims` holds a refund between the
 * short transaction that decides it (under the order's lock: the amount within what is left, the
 * status it moves from) and the one that records it: its amount counts as taken while it is here, a
 * status change it carries keeps the order where it is, and a job finishes it if the process that
 * asked dies first. `completion` names what the feature that asked does when the refund is recorded,
 * with `completion_data` (JSON). `claimed_by` names the call that made the claim, until it gives up
 * (the provider out of reach): a later call with the same key then takes it over and answers as its
 * maker. A claim is deleted when its refund is recorded or refused.
 */
export const orderRefundClaims: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_refund_claims')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('scope', 'text')
      .addColumn('transition_from', 'text')
      .addColumn('transition_to', 'text')
      .addColumn('completion', 'text')
      .addColumn('completion_data', 'text')
      .addColumn('claimed_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('order_refund_claims_order_idx')
      .on('order_refund_claims')
      .column('order_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('order_refund_claims').execute();
  },
};
