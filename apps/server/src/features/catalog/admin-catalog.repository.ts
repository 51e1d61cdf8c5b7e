/**
 * The console's queries on the catalogue (issue 15): every design and product whatever their state,
 * each size's stock with what checkouts hold, and the operator's writes, each a compare-and-set so two
 * operators (or an operator and a sale) never silently overwrite each other. The storefront's reads and
 * the checkout's stock writes stay in catalog.repository.ts.
 */
import type { Db } from '../../db/database.ts';
import type { NewPrice } from './catalog.table.ts';

export function listAllDesigns(db: Db) {
  return db.selectFrom('designs').selectAll().orderBy('sort_order').orderBy('name').execute();
}

export function findDesign(db: Db, name: string) {
  return db.selectFrom('designs').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Sets a design's switch only if it is not already there: true when this call changed it. */
export async function switchDesign(trx: Db, name: string, active: boolean): Promise<boolean> {
  const result = await trx
    .updateTable('designs')
    .set({ active: active ? 1 : 0 })
    .where('name', '=', name)
    .where('active', '=', active ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every product (active or not) with its default price, oldest first. */
export function listProductsWithPrice(db: Db) {
  return db
    .selectFrom('products')
    .leftJoin('prices', (join) =>
      join.onRef('prices.id', '=', 'products.default_price_id').on('prices.active', '=', 1),
    )
    .select([
      'products.id',
      'products.name',
      'products.active',
      'products.default_price_id',
      'prices.unit_amount',
    ])
    .orderBy('products.created_at')
    .execute();
}

export function listAllInventory(db: Db) {
  return db.selectFrom('inventory').selectAll().execute();
}

export function findInventoryRow(db: Db, productId: string, size: string) {
  return db
    .selectFrom('inventory')
    .selectAll()
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .executeTakeFirst();
}

/** What unexpired checkout holds keep of each size at `at`. */
export async function listReserved(
  db: Db,
  at: string,
  productId?: string,
): Promise<{ product_id: string; size: string; reserved: number }[]> {
  let query = db
    .selectFrom('stock_reservations')
    .select(['product_id', 'size'])
    .select((eb) => eb.fn.sum<number | string>('quantity').as('reserved'))
    .where('expires_at', '>', at);
  if (productId) query = query.where('product_id', '=', productId);
  const rows = await query.groupBy(['product_id', 'size']).execute();
  return rows.map((r) => ({ ...r, reserved: Number(r.reserved) }));
}

/** Writes a size's count and flag if its version is still `version`; true when it did. */
export async function updateInventoryIfVersion(
  trx: Db,
  key: { productId: string; size: string; version: number },
  values: { stock: number | null; out_of_stock: number },
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('inventory')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: at }))
    .where('product_id', '=', key.productId)
    .where('size', '=', key.size)
    .where('version', '=', key.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findProductPrice(db: Db, productId: string) {
  return db
    .selectFrom('products')
    .leftJoin('prices', (join) =>
      join.onRef('prices.id', '=', 'products.default_price_id').on('prices.active', '=', 1),
    )
    .select(['products.id', 'products.default_price_id', 'prices.unit_amount'])
    .where('products.id', '=', productId)
    .executeTakeFirst();
}

/**
 * Claims the product's price for a change, if its default price is still `priceId`: touches the row
 * (a row lock on PostgreSQL, the write lock on SQLite), so one of two concurrent changes goes on and
 * the other finds the price moved. True when claimed.
 */
export async function claimProductPrice(
  trx: Db,
  productId: string,
  priceId: string,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set({ updated_at: at })
    .where('id', '=', productId)
    .where('default_price_id', '=', priceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Makes `price` the product's one active price: inserted, named the default, and every other price of
 * the product kept but inactive (orders, checkouts and carts name prices by id).
 */
export async function replacePrice(trx: Db, price: NewPrice, at: string): Promise<void> {
  await trx.insertInto('prices').values(price).execute();
  await trx
    .updateTable('products')
    .set({ default_price_id: price.id, updated_at: at })
    .where('id', '=', price.product_id)
    .execute();
  await trx
    .updateTable('prices')
    .set({ active: 0 })
    .where('product_id', '=', price.product_id)
    .where('id', '!=', price.id)
    .where('active', '=', 1)
    .execute();
}
