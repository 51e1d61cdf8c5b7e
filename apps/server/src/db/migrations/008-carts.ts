import type { Kysely, Migration } from 'kysely';

/**
 * The server cart (issue 13): `carts` exists since 001 (one per customer, lines as JSON text); this adds
 * the version every write raises, so a device that saves a cart it read earlier can be told it changed
 * (compare-and-set) instead of silently overwriting another device's lines.
 */
export const carts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('carts')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('carts').dropColumn('version').execute();
  },
};
