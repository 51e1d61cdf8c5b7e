import { DESIGNS } from '@sunward/core/designs';
import { SIZE_CODES } from '@sunward/core/sizes';
import { SHIRT_FACTS } from '@sunward/core/product-facts';
import { SPEC_SIZE_GUIDE } from '@sunward/core/size-guide';
import type { Db } from './database.ts';
import { nowIso } from '../lib/ids.ts';
import { insertDefaultSettings } from '../features/settings/settings.ts';

/** The shirt has a fixed product id (spec 3: "The shirt uses a fixed product id"). */
export const SHIRT_PRODUCT_ID = 'prod_sunward_upf50_shirt';
export const SHIRT_PRICE_ID = 'price_sunward_upf50_shirt_4500';
export const SHIRT_PRICE_CENTS = 4500;

export const SHIRT = {
  name: 'UPF 50+ Graphic Sun Shirt',
  category: 'Sun Shirts',
  description:
    'A lightweight, long-sleeve sun shirt rated UPF 50+: it blocks at least 98% of UVA and UVB rays. ' +
    'Soft, quick-drying performance knit with a relaxed unisex fit, in short and regular lengths. ' +
    'Each design is screen-print style, placed on the front with our logo at the back of the neck, or on ' +
    'the back with our logo on the left chest.',
};

/**
 * Idempotent: inserts what is missing and never overwrites what an operator changed.
 * Returns the number of rows inserted.
 */
export async function seed(
  db: Db,
  options: { shopName?: string; supportEmail?: string } = {},
): Promise<number> {
  const now = nowIso();
  let inserted = 0;
  await db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', SHIRT_PRODUCT_ID)
      .executeTakeFirst();
    if (!product) {
      await trx
        .insertInto('products')
        .values({
          id: SHIRT_PRODUCT_ID,
          ...SHIRT,
          active: 1,
          images: '[]',
          default_price_id: SHIRT_PRICE_ID,
          weight_oz: 6,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('prices')
        .values({
          id: SHIRT_PRICE_ID,
          product_id: SHIRT_PRODUCT_ID,
          unit_amount: SHIRT_PRICE_CENTS,
          currency: 'usd',
          active: 1,
          created_at: now,
        })
        .execute();
      inserted += 2;
    }

    const facts = await trx
      .selectFrom('product_facts')
      .select('product_id')
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .executeTakeFirst();
    if (!facts) {
      await trx
        .insertInto('product_facts')
        .values({ product_id: SHIRT_PRODUCT_ID, ...SHIRT_FACTS, updated_at: now })
        .execute();
      inserted += 1;
    }

    // The spec's size guide where a size has none (an operator's measurements are never overwritten).
    const measured = await trx
      .selectFrom('size_measurements')
      .select('size')
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .execute();
    const unmeasured = SPEC_SIZE_GUIDE.filter((m) => !measured.some((r) => r.size === m.size));
    if (unmeasured.length) {
      await trx
        .insertInto('size_measurements')
        .values(
          unmeasured.map((m) => ({
            product_id: SHIRT_PRODUCT_ID,
            size: m.size,
            width_in: m.width,
            length_in: m.length,
            sleeve_in: m.sleeve,
            updated_at: now,
          })),
        )
        .execute();
      inserted += unmeasured.length;
    }

    const designs = await trx.selectFrom('designs').select('name').execute();
    const have = new Set(designs.map((d) => d.name));
    const missingDesigns = DESIGNS.map((d, i) => ({
      name: d.designName,
      title: d.designTitle,
      sort_order: i + 1,
      active: 1,
    })).filter((d) => !have.has(d.name));
    if (missingDesigns.length) {
      await trx.insertInto('designs').values(missingDesigns).execute();
      inserted += missingDesigns.length;
    }

    const sizes = await trx
      .selectFrom('inventory')
      .select('size')
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .execute();
    const haveSizes = new Set(sizes.map((s) => s.size));
    const missingSizes = SIZE_CODES.filter((s) => !haveSizes.has(s)).map((size) => ({
      product_id: SHIRT_PRODUCT_ID,
      size,
      stock: null,
      out_of_stock: 0,
      updated_at: now,
    }));
    if (missingSizes.length) {
      await trx.insertInto('inventory').values(missingSizes).execute();
      inserted += missingSizes.length;
    }

    inserted += await insertDefaultSettings(trx, options);
  });
  return inserted;
}
