import type { Kysely, Migration } from 'kysely';

/**
 * Verified reviews (issue 29, docs/decisions/048 and 049): one review per design per order, by its
 * buyer once the order was received, waiting in the console's queue (`status` new) until an operator
 * publishes or hides it; the operator's public reply beside it.
 */
export const reviews: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reviews')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('customer_id', 'text')
      .addColumn('design', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('stars', 'integer', (c) => c.notNull())
      .addColumn('fit', 'text', (c) => c.notNull())
      .addColumn('title', 'text')
      .addColumn('body', 'text')
      .addColumn('first_name', 'text')
      .addColumn('state', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reply', 'text')
      .addColumn('reply_at', 'text')
      .addColumn('moderated_at', 'text')
      .addColumn('moderated_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      // Once per design per order: a second review is refused by the database too.
      .addUniqueConstraint('reviews_order_design_key', ['order_id', 'design'])
      .execute();
    // A design's published reviews, newest first; the fit advice's answers by design and size.
    await db.schema
      .createIndex('reviews_design_status_idx')
      .on('reviews')
      .columns(['design', 'status', 'created_at'])
      .execute();
    // The console's queue.
    await db.schema
      .createIndex('reviews_status_created_idx')
      .on('reviews')
      .columns(['status', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reviews').execute();
  },
};
