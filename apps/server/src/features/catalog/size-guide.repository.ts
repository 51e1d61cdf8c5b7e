/** The size guide's queries (size_measurements, migration 036): the storefront's read and the console's change. */
import type { Db } from '../../db/database.ts';

export function listMeasurements(db: Db, productIds?: readonly string[]) {
  let query = db.selectFrom('size_measurements').selectAll();
  if (productIds) {
    if (productIds.length === 0) return Promise.resolve([]);
    query = query.where('product_id', 'in', productIds);
  }
  return query.execute();
}

export function findMeasurement(db: Db, productId: string, size: string) {
  return db
    .selectFrom('size_measurements')
    .selectAll()
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .executeTakeFirst();
}

export interface Inches {
  width_in: number;
  length_in: number;
  sleeve_in: number;
}

/** Writes a size's measurements if their version is still `version`; true when it did. */
export async function updateMeasurementIfVersion(
  trx: Db,
  key: { productId: string; size: string; version: number },
  inches: Inches,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('size_measurements')
    .set((eb) => ({ ...inches, version: eb('version', '+', 1), updated_at: at }))
    .where('product_id', '=', key.productId)
    .where('size', '=', key.size)
    .where('version', '=', key.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
