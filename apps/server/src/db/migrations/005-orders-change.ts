import { SqliteAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Orders that can change (issue 11):
 * - `orders.payment_intent_id` may be null: an exchange or a replacement is an order nobody pays for.
 *   The unique constraint stays, so the paid path is still exactly once per intent (NULLs never clash).
 *   PostgreSQL drops the NOT NULL in place; SQLite cannot, so the table is rebuilt as SQLite's "making
 *   other kinds of table schema changes" describes (foreign keys off, copy, swap, check, on again).
 * - `order_refunds`: every refund of an order, with an idempotency key; their sum never exceeds the
 *   order's total (enforced by the repository under the order's row lock).
 */
export const ordersChange: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await rebuildOrdersOnSqlite(db);
    } else {
      await db.schema
        .alterTable('orders')
        .alterColumn('payment_intent_id', (c) => c.dropNotNull())
        .execute();
    }

    await db.schema
      .createTable('order_refunds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('provider_refund_id', 'text')
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('order_refunds_order_idx')
      .on('order_refunds')
      .column('order_id')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('order_refunds').ifExists().execute();
    // payment_intent_id stays nullable: orders without an intent may exist by now.
  },
};

/** The orders table of 001 with `payment_intent_id` nullable (SQLite's migrations run outside a transaction). */
async function rebuildOrdersOnSqlite(db: Kysely<unknown>) {
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`begin`.execute(db);
  try {
    await db.schema
      .createTable('orders_new')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_number', 'text', (c) => c.notNull().unique())
      .addColumn('payment_intent_id', 'text', (c) => c.unique())
      .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('shipping_name', 'text', (c) => c.notNull())
      .addColumn('shipping_address', 'text', (c) => c.notNull())
      .addColumn('shipping_option', 'text', (c) => c.notNull())
      .addColumn('billing_name', 'text', (c) => c.notNull())
      .addColumn('billing_phone', 'text')
      .addColumn('billing_address', 'text', (c) => c.notNull())
      .addColumn('card_brand', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('subtotal', 'integer', (c) => c.notNull())
      .addColumn('shipping', 'integer', (c) => c.notNull())
      .addColumn('sales_tax', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('amount_refunded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tracking', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into orders_new select
      id, order_number, payment_intent_id, customer_id, status, email, shipping_name,
      shipping_address, shipping_option, billing_name, billing_phone, billing_address, card_brand,
      card_last4, subtotal, shipping, sales_tax, total, amount_refunded, tracking, created_at, updated_at
      from orders`.execute(db);
    await db.schema.dropTable('orders').execute();
    await db.schema.alterTable('orders_new').renameTo('orders').execute();
    await db.schema.createIndex('orders_customer_idx').on('orders').column('customer_id').execute();
    await db.schema.createIndex('orders_email_idx').on('orders').column('email').execute();
    await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('orders rebuild broke a foreign key');
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
