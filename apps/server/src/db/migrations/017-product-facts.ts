import type { Kysely, Migration } from 'kysely';
import { SHIRT_FACTS } from '@sunward/core/product-facts';

/** The shirt's fixed id (seed.ts), repeated so this migration stays as it was written. */
const SHIRT_PRODUCT_ID = 'prod_sunward_upf50_shirt';

/**
 * The facts shoppers read before buying (issue 16): fabric, UPF and what it means, fit, weight, care,
 * one row per product, changed by operators from the console (compare-and-set on `version`, as the
 * inventory's). A shop that already has the shirt gets its facts here; a new shop gets them from the
 * seed, which runs after the migrations.
 */
export const productFacts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('product_facts')
      .addColumn('product_id', 'text', (c) => c.primaryKey().references('products.id'))
      .addColumn('fabric', 'text', (c) => c.notNull())
      .addColumn('upf', 'text', (c) => c.notNull())
      .addColumn('fit', 'text', (c) => c.notNull())
      .addColumn('weight', 'text', (c) => c.notNull())
      .addColumn('care', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    const kdb = db as Kysely<{ products: { id: string }; product_facts: Record<string, unknown> }>;
    const shirt = await kdb
      .selectFrom('products')
      .select('id')
      .where('id', '=', SHIRT_PRODUCT_ID)
      .executeTakeFirst();
    if (shirt) {
      await kdb
        .insertInto('product_facts')
        .values({
          product_id: shirt.id,
          // The five facts of this migration's table (later migrations add their own).
          fabric: SHIRT_FACTS.fabric,
          upf: SHIRT_FACTS.upf,
          fit: SHIRT_FACTS.fit,
          weight: SHIRT_FACTS.weight,
          care: SHIRT_FACTS.care,
          updated_at: new Date().toISOString(),
        })
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('product_facts').execute();
  },
};
