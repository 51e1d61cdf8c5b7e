import type { Db } from '../../db/database.ts';

export function listActiveProducts(db: Db) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('created_at')
    .execute();
}

export function findProduct(db: Db, id: string) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listPricesForProducts(db: Db, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('prices')
    .selectAll()
    .where('product_id', 'in', productIds)
    .where('active', '=', 1)
    .orderBy('created_at')
    .execute();
}

export function listActiveDesigns(db: Db) {
  return db
    .selectFrom('designs')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('sort_order')
    .execute();
}

export function listInventory(db: Db, productId: string) {
  return db.selectFrom('inventory').selectAll().where('product_id', '=', productId).execute();
}
