import type { Kysely, Migration } from 'kysely';

/**
 * Discount codes (issue 28 item 1, docs/decisions/042): the codes the console manages, one use per
 * checkout that claimed it (held while its payment is made, then used by the order, or released), and
 * what a code took off, kept with the checkout and copied to its order and items, so a return refunds
 * each unit what was paid for it.
 */
export const discountCodes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('discount_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('percent', 'integer')
      .addColumn('amount_off', 'integer')
      .addColumn('min_subtotal', 'integer')
      .addColumn('starts_at', 'text')
      .addColumn('ends_at', 'text')
      .addColumn('max_uses', 'integer')
      .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('once_per_customer', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('designs', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('discount_redemptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code_id', 'text', (c) => c.notNull().references('discount_codes.id'))
      .addColumn('checkout_id', 'text', (c) => c.notNull().unique())
      .addColumn('customer_id', 'text')
      .addColumn('email', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('discount', 'integer', (c) => c.notNull())
      .addColumn('order_total', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('discount_redemptions_code_idx')
      .on('discount_redemptions')
      .columns(['code_id', 'status'])
      .execute();
    for (const table of ['checkouts', 'orders']) {
      await db.schema.alterTable(table).addColumn('discount_code', 'text').execute();
      await db.schema
        .alterTable(table)
        .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('shipping_discount', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }
    await db.schema.alterTable('checkouts').addColumn('line_discounts', 'text').execute();
    await db.schema
      .alterTable('order_items')
      .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('order_items').dropColumn('discount').execute();
    await db.schema.alterTable('checkouts').dropColumn('line_discounts').execute();
    for (const table of ['checkouts', 'orders']) {
      await db.schema.alterTable(table).dropColumn('shipping_discount').execute();
      await db.schema.alterTable(table).dropColumn('discount').execute();
      await db.schema.alterTable(table).dropColumn('discount_code').execute();
    }
    await db.schema.dropTable('discount_redemptions').ifExists().execute();
    await db.schema.dropTable('discount_codes').ifExists().execute();
  },
};
