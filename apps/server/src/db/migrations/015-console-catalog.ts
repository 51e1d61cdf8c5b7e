import type { Kysely, Migration } from 'kysely';

/**
 * The console's catalogue (issue 15): `inventory.version`, raised by every write that changes a size's
 * count or flag (an operator's edit, an order taking stock, a cancellation giving it back), so an
 * operator who saves a count they read before a sale is told it changed (compare-and-set, 409 with the
 * current values) instead of overwriting the sale. A number rather than `updated_at`: two writes in
 * one millisecond, or on two servers whose clocks differ, would leave a timestamp unchanged.
 */
export const consoleCatalog: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('inventory')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('inventory').dropColumn('version').execute();
  },
};
