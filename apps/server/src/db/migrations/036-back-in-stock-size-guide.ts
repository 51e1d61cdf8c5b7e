import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import { SHIRT_FACTS } from '@sunward/core/product-facts';
import { SIZE_CODES } from '@sunward/core/sizes';

/** The shirt's fixed id (seed.ts), repeated so this migration stays as it was written. */
const SHIRT_PRODUCT_ID = 'prod_sunward_upf50_shirt';
/** The spec's size guide (section 2) as it was when this migration was written: every size alike. */
const SPEC_INCHES = { width_in: 16, length_in: 27, sleeve_in: 8 };
/** The weight's copy as migration 017 and the seed wrote it, before the weight in GSM. */
const WEIGHT_BEFORE = 'About 5.3 oz in size MD (about 6 oz packed for shipping).';

/**
 * Issue 29, items 3 and 4 (docs/decisions/050):
 * - `size_measurements`: the size guide as catalogue data, a row per product and size (inches),
 *   changed by operators (compare-and-set on `version`). A shop that already has the shirt gets the
 *   spec's figures here; a new shop gets them from the seed, which runs after the migrations.
 * - `back_in_stock_requests`: a shopper's address waiting for a size of a design to return; the row is
 *   consumed (deleted) in the transaction that queues its one email. One waiting request per address,
 *   design and size.
 * - `product_facts.standard`: the standard the UPF was rated by; the shirt's weight copy now leads with
 *   its GSM, where an operator has not changed it.
 */
export const backInStockSizeGuide: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('size_measurements')
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('width_in', 'double precision', (c) => c.notNull())
      .addColumn('length_in', 'double precision', (c) => c.notNull())
      .addColumn('sleeve_in', 'double precision', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('size_measurements_pk', ['product_id', 'size'])
      .execute();
    const kdb = db as Kysely<{
      products: { id: string };
      size_measurements: Record<string, unknown>;
    }>;
    const shirt = await kdb
      .selectFrom('products')
      .select('id')
      .where('id', '=', SHIRT_PRODUCT_ID)
      .executeTakeFirst();
    if (shirt) {
      const at = new Date().toISOString();
      await kdb
        .insertInto('size_measurements')
        .values(
          SIZE_CODES.map((size) => ({
            product_id: shirt.id,
            size,
            ...SPEC_INCHES,
            updated_at: at,
          })),
        )
        .execute();
    }

    await db.schema
      .alterTable('product_facts')
      .addColumn('standard', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`UPDATE product_facts SET standard = ${SHIRT_FACTS.standard} WHERE standard = ''`.execute(
      db,
    );
    await sql`UPDATE product_facts SET weight = ${SHIRT_FACTS.weight} WHERE weight = ${WEIGHT_BEFORE}`.execute(
      db,
    );

    await db.schema
      .createTable('back_in_stock_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      /** Lower-cased. */
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('design', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('back_in_stock_requests_once', ['email', 'design', 'product_id', 'size'])
      .execute();
    // The notifier's read (who waits for this size) and the console's counts.
    await db.schema
      .createIndex('back_in_stock_requests_size_idx')
      .on('back_in_stock_requests')
      .columns(['product_id', 'size'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('back_in_stock_requests').execute();
    await db.schema.alterTable('product_facts').dropColumn('standard').execute();
    await db.schema.dropTable('size_measurements').execute();
  },
};
