import { type Kysely, type Migration } from 'kysely';

/**
 * Returns in the operator console (issue 15; the return's own lifecycle is core/return-status.ts):
 * - `returns.received_at`, `received_by`: when the parcel was marked received, and by which operator
 *   (their customer id).
 * - `return_items.restocked`: per unit sent back, whether its size went back to stock when received
 *   (1) or not (0: damaged, worn); null until the parcel is received.
 * - `returns.refund_started_at`, `refund_key`: a refund under way (set under the order's lock before
 *   the payment provider is asked, cleared if it refuses), so a return cannot be closed while its money
 *   is being sent; `refund_key` is the operator request's idempotency key that made the refund.
 * - `returns.refund_id`: the order refund (`order_refunds.id`) that paid the return; `refunded_at`.
 * - `returns.closed_at`: closed with nothing refunded.
 * - Indexes for the console's queue, keyset-paged on (created_at, public_id): by status, and every
 *   return.
 */
export const consoleReturns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('returns').addColumn('received_at', 'text').execute();
    await db.schema.alterTable('returns').addColumn('received_by', 'text').execute();
    await db.schema.alterTable('returns').addColumn('refund_started_at', 'text').execute();
    await db.schema.alterTable('returns').addColumn('refund_key', 'text').execute();
    await db.schema
      .alterTable('returns')
      .addColumn('refund_id', 'text', (c) => c.references('order_refunds.id'))
      .execute();
    await db.schema.alterTable('returns').addColumn('refunded_at', 'text').execute();
    await db.schema.alterTable('returns').addColumn('closed_at', 'text').execute();
    await db.schema.alterTable('return_items').addColumn('restocked', 'integer').execute();
    await db.schema
      .createIndex('returns_status_created_idx')
      .on('returns')
      .columns(['status', 'created_at', 'public_id'])
      .execute();
    await db.schema
      .createIndex('returns_created_idx')
      .on('returns')
      .columns(['created_at', 'public_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('returns_created_idx').execute();
    await db.schema.dropIndex('returns_status_created_idx').execute();
    await db.schema.alterTable('return_items').dropColumn('restocked').execute();
    for (const column of [
      'closed_at',
      'refunded_at',
      'refund_id',
      'refund_key',
      'refund_started_at',
      'received_by',
      'received_at',
    ]) {
      await db.schema.alterTable('returns').dropColumn(column).execute();
    }
  },
};
