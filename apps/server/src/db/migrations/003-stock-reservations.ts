import { type Kysely, type Migration } from 'kysely';

/**
 * Stock reservations (issue 10): a priced checkout holds its sizes for a while, so two shoppers cannot
 * both pay for the last shirt. Available stock = stock - the unexpired reservations of other checkouts;
 * the order's transaction takes the stock for good (never below zero) and drops the reservation.
 */
export const stockReservations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('stock_reservations')
      .addColumn('checkout_id', 'text', (c) => c.notNull().references('checkouts.id'))
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('stock_reservations_pk', ['checkout_id', 'product_id', 'size'])
      .execute();
    await db.schema
      .createIndex('stock_reservations_size_idx')
      .on('stock_reservations')
      .columns(['product_id', 'size', 'expires_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('stock_reservations').ifExists().execute();
  },
};
