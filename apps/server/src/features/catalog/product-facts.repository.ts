/**
 * The console's queries on a product's facts (fabric, UPF, fit, weight, care; migration 017). The
 * storefront reads them with the products (catalog.repository.ts, listFactsForProducts).
 */
import type { ProductFacts } from '@sunward/core/product-facts';
import type { Db } from '../../db/database.ts';

export function listAllFacts(db: Db) {
  return db.selectFrom('product_facts').selectAll().execute();
}

export function findFacts(db: Db, productId: string) {
  return db
    .selectFrom('product_facts')
    .selectAll()
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** Writes the facts if their version is still `version`; true when it did. */
export async function updateFactsIfVersion(
  trx: Db,
  key: { productId: string; version: number },
  facts: ProductFacts,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('product_facts')
    .set((eb) => ({ ...facts, version: eb('version', '+', 1), updated_at: at }))
    .where('product_id', '=', key.productId)
    .where('version', '=', key.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A product's first facts (version 1); false when another change inserted them first. */
export async function insertFacts(
  trx: Db,
  productId: string,
  facts: ProductFacts,
  at: string,
): Promise<boolean> {
  const result = await trx
    .insertInto('product_facts')
    .values({ product_id: productId, ...facts, version: 1, updated_at: at })
    .onConflict((oc) => oc.column('product_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
