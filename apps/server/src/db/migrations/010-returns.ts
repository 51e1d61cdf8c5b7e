import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Returns and exchanges (issue 14). `returns` and `return_items` exist since 001 but nothing ever wrote
 * them, so they are made again with what the feature needs, as guarantees of the database rather than
 * of the code alone (the migration refuses to run if either table holds a row):
 * - `returns.public_id`: the random id a customer sees (GET /orders/downloadReturnLabel/{id}), unique;
 *   the row's own id never leaves the server.
 * - `returns.exchange_order_id`: the replacement order an exchange made (unique), and at most one
 *   return with an exchange per order (a partial unique index).
 * - `return_items.order_id` and `product_id`: every unit of the return form (Keep ones too), and a unit
 *   of an order is returned or exchanged at most once: a partial unique index on (order_id, item_id)
 *   over the rows that are not Keep. `item_id` is the unit's index over the order's items in line
 *   order, each line expanded by its quantity.
 * Column names of 001 are kept.
 */
export const returns: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['return_items', 'returns']) {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(table)}`.execute(db);
      if (Number(rows[0]?.n ?? 0) > 0) {
        throw new Error(`${table} holds rows; migration 010 expects it empty (nothing wrote it)`);
      }
    }
    await db.schema.dropTable('return_items').execute();
    await db.schema.dropTable('returns').execute();

    await db.schema
      .createTable('returns')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('public_id', 'text', (c) => c.notNull().unique())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('sales_tax_refund', 'integer', (c) => c.notNull())
      .addColumn('shipping_fee', 'integer', (c) => c.notNull())
      .addColumn('refund_amount', 'integer', (c) => c.notNull())
      .addColumn('return_label', 'text')
      .addColumn('exchange_order_id', 'text', (c) => c.unique().references('orders.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('returns_order_seq_uq', ['order_id', 'seq'])
      .execute();
    await db.schema
      .createIndex('returns_one_exchange_uq')
      .unique()
      .on('returns')
      .column('order_id')
      .where(sql.ref('exchange_order_id'), 'is not', null)
      .execute();

    await db.schema
      .createTable('return_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id'))
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_items.id'))
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('return_type', 'text', (c) => c.notNull())
      .addColumn('return_reason', 'text')
      .addColumn('size_exchange', 'text')
      .addColumn('position_exchange', 'text')
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('design', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('position', 'text', (c) => c.notNull())
      .addColumn('product_cost', 'integer', (c) => c.notNull())
      .addUniqueConstraint('return_items_return_unit_uq', ['return_id', 'item_id'])
      .execute();
    await db.schema
      .createIndex('return_items_unit_once_uq')
      .unique()
      .on('return_items')
      .columns(['order_id', 'item_id'])
      .where(sql.ref('return_type'), '<>', sql.lit('Keep'))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('return_items').ifExists().execute();
    await db.schema.dropTable('returns').ifExists().execute();
    // The tables as 001 made them.
    await db.schema
      .createTable('returns')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('sales_tax_refund', 'integer', (c) => c.notNull())
      .addColumn('shipping_fee', 'integer', (c) => c.notNull())
      .addColumn('refund_amount', 'integer', (c) => c.notNull())
      .addColumn('return_label', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('returns_order_seq_uq', ['order_id', 'seq'])
      .execute();
    await db.schema
      .createTable('return_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id'))
      .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_items.id'))
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('return_type', 'text', (c) => c.notNull())
      .addColumn('return_reason', 'text')
      .addColumn('size_exchange', 'text')
      .addColumn('position_exchange', 'text')
      .addColumn('design', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('position', 'text', (c) => c.notNull())
      .addColumn('product_cost', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('return_items_return_idx')
      .on('return_items')
      .column('return_id')
      .execute();
  },
};
