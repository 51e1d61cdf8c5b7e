import type { Kysely, Migration } from 'kysely';

/**
 * A customer's order history (issue 13): their orders newest first, keyset-paged on
 * (created_at desc, id desc). One index on (customer_id, created_at, id) answers every page by a range
 * scan, however deep; it also serves every lookup by customer_id, so 001's single-column index goes.
 */
export const customerOrdersIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('orders_customer_created_idx')
      .on('orders')
      .columns(['customer_id', 'created_at', 'id'])
      .execute();
    await db.schema.dropIndex('orders_customer_idx').ifExists().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('orders_customer_idx')
      .ifNotExists()
      .on('orders')
      .column('customer_id')
      .execute();
    await db.schema.dropIndex('orders_customer_created_idx').ifExists().execute();
  },
};
