import type { Kysely, Migration } from 'kysely';

/**
 * Stripe Tax's records of an order's tax (issue 28, docs/decisions/041): the tax transaction made when
 * the order was paid, kept on the order, and the reversal made for each refund of it, kept on the
 * refund, so what Stripe files is what the shop kept after refunds, once per refund.
 */
export const taxTransactions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('tax_transaction_id', 'text').execute();
    await db.schema.alterTable('order_refunds').addColumn('tax_reversal_id', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('order_refunds').dropColumn('tax_reversal_id').execute();
    await db.schema.alterTable('orders').dropColumn('tax_transaction_id').execute();
  },
};
