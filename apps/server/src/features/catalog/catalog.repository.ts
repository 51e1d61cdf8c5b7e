/**
 * Every query on the catalogue and its stock: products, prices, designs, inventory, and the holds that
 * priced checkouts keep on counted sizes (stock_reservations). The storefront's catalogue, the pricing
 * of a bag, the checkout's reservations and the order's taking of stock all read and write through here.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InventoryRow } from './catalog.table.ts';

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

/**
 * An active product and the price a bag is charged for it, in one read: its default price if that is
 * still active, or (no default) its oldest active price. Undefined when the product is inactive or
 * that price is gone.
 */
export function findActiveProductPrice(db: Db, productId: string) {
  return db
    .selectFrom('products')
    .innerJoin('prices', (join) =>
      join.onRef('prices.product_id', '=', 'products.id').on('prices.active', '=', 1),
    )
    .select([
      'products.id as productId',
      'prices.id as priceId',
      'prices.unit_amount as unitAmount',
    ])
    .where('products.id', '=', productId)
    .where('products.active', '=', 1)
    .where((eb) =>
      eb.or([
        eb('products.default_price_id', 'is', null),
        eb('prices.id', '=', eb.ref('products.default_price_id')),
      ]),
    )
    .orderBy('prices.created_at')
    .limit(1)
    .executeTakeFirst();
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

/** The facts shoppers read (fabric, UPF, fit, weight, care) of these products. */
export function listFactsForProducts(db: Db, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_facts')
    .select(['product_id', 'fabric', 'upf', 'fit', 'weight', 'standard', 'care'])
    .where('product_id', 'in', productIds)
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

export async function activeDesignNames(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('designs').select('name').where('active', '=', 1).execute();
  return new Set(rows.map((r) => r.name));
}

export function listInventory(db: Db, productId: string) {
  return db.selectFrom('inventory').selectAll().where('product_id', '=', productId).execute();
}

/** The inventory rows of these sizes, read without a lock. */
export function inventoryOf(db: Db, sizes: readonly { productId: string; size: string }[]) {
  if (sizes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('inventory')
    .select(['product_id', 'size', 'stock', 'out_of_stock'])
    .where((eb) =>
      eb.or(
        sizes.map((s) => eb.and([eb('product_id', '=', s.productId), eb('size', '=', s.size)])),
      ),
    )
    .execute();
}

/**
 * Locks a size's inventory row without changing it and reads it, in one statement: concurrent
 * reservations of that size queue up here (a row lock on PostgreSQL, the write lock on SQLite) until
 * the transaction ends. Undefined when the size has no row.
 */
export function lockInventory(trx: Db, productId: string, size: string) {
  return trx
    .updateTable('inventory')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .returning(['stock', 'out_of_stock'])
    .executeTakeFirst();
}

/**
 * Takes `quantity` for good, never below zero: false when the counted stock is short (the caller rolls
 * back). Uncounted sizes (null) always succeed.
 */
export async function takeStock(
  trx: Db,
  line: { productId: string; size: string; quantity: number },
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('inventory')
    .set((eb) => ({
      stock: eb('stock', '-', line.quantity),
      // An uncounted size (null) does not change, so an operator's edit of it is not made stale.
      version: eb
        .case()
        .when('stock', 'is', null)
        .then(eb.ref('version'))
        .else(eb('version', '+', 1))
        .end(),
      updated_at: at,
    }))
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', line.quantity)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives `quantity` back to a counted size (a cancelled order's shirts); uncounted sizes stay null.
 * Answers the size as it is after (undefined for an uncounted size).
 */
export async function returnStock(
  trx: Db,
  line: { productId: string; size: string; quantity: number },
  at: string,
): Promise<Pick<InventoryRow, 'stock' | 'out_of_stock' | 'version'> | undefined> {
  return trx
    .updateTable('inventory')
    .set((eb) => ({
      stock: eb('stock', '+', line.quantity),
      version: eb('version', '+', 1),
      updated_at: at,
    }))
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .where('stock', 'is not', null)
    .returning(['stock', 'out_of_stock', 'version'])
    .executeTakeFirst();
}

/** How many of a size the other checkouts hold at `at` (unexpired reservations). */
export async function heldByOthers(
  trx: Db,
  line: { productId: string; size: string },
  checkoutId: string,
  at: string,
): Promise<number> {
  const held = await trx
    .selectFrom('stock_reservations')
    .select((eb) => eb.fn.sum<number | string | null>('quantity').as('n'))
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .where('checkout_id', '!=', checkoutId)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(held?.n ?? 0);
}

/**
 * Replaces a checkout's holds in one statement on PostgreSQL (migration 023's function): each size's
 * row locked and the others' holds counted inside the database, so a buyer of a size waits on its row
 * only for that work and the commit. Null when every size was held; else the first size that could
 * not be and how many were left for this checkout (nothing written). Call it outside a transaction.
 */
export async function reserveOnPostgres(
  db: Db,
  checkoutId: string,
  holds: readonly { product_id: string; size: string; quantity: number }[],
  at: string,
  until: string,
): Promise<{ product_id: string; size: string; available: number } | null> {
  const { rows } = await sql<{
    short: { product_id: string; size: string; available: number } | null;
  }>`
    select sunward_reserve_stock(${checkoutId}, ${JSON.stringify(holds)}::jsonb, ${at}, ${until}) as short
  `.execute(db);
  return rows[0]?.short ?? null;
}

/** Drops a checkout's holds. */
export function deleteReservations(trx: Db, checkoutId: string) {
  return trx.deleteFrom('stock_reservations').where('checkout_id', '=', checkoutId).execute();
}

/**
 * Drops the holds that expired by `at`, but never those of a checkout that became an order or is
 * being refunded.
 */
export function deleteExpiredReservations(db: Db, at: string) {
  return db
    .deleteFrom('stock_reservations')
    .where('expires_at', '<=', at)
    .where('checkout_id', 'not in', (eb) =>
      eb.selectFrom('checkouts').select('id').where('status', 'in', ['completed', 'refunding']),
    )
    .execute();
}

export async function insertReservations(
  trx: Db,
  checkoutId: string,
  holds: readonly { product_id: string; size: string; quantity: number }[],
  expiresAt: string,
): Promise<void> {
  if (holds.length === 0) return;
  await trx
    .insertInto('stock_reservations')
    .values(holds.map((h) => ({ ...h, checkout_id: checkoutId, expires_at: expiresAt })))
    .execute();
}
