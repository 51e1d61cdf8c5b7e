/**
 * Every query on the server carts. A cart is always looked up with its customer, so someone else's cart
 * is never found. Every write raises `version` and answers the row as written (RETURNING, on SQLite and
 * PostgreSQL alike).
 */
import type { Db } from '../../db/database.ts';
import type { CartRow, NewCart } from './cart.table.ts';

export function findCartOfCustomer(db: Db, customerId: string): Promise<CartRow | undefined> {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export function findOwnedCart(
  db: Db,
  id: string,
  customerId: string,
): Promise<CartRow | undefined> {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Inserts the customer's cart unless it has one already (a concurrent first save): false then. */
export async function insertCartOnce(db: Db, cart: NewCart): Promise<boolean> {
  const result = await db
    .insertInto('carts')
    .values(cart)
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Touches the customer's cart row without changing it and reads it, so concurrent read-modify-writes
 * of one cart queue up (a row lock on PostgreSQL, the write lock on SQLite) until the transaction ends.
 * Call inside a transaction; undefined when the customer has no cart (or `id` is not theirs).
 */
export async function lockCart(
  trx: Db,
  by: { customerId: string; id?: string },
): Promise<CartRow | undefined> {
  let touch = trx
    .updateTable('carts')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('customer_id', '=', by.customerId);
  if (by.id !== undefined) touch = touch.where('id', '=', by.id);
  const touched = await touch.executeTakeFirst();
  if (Number(touched.numUpdatedRows) !== 1) return undefined;
  return by.id === undefined
    ? findCartOfCustomer(trx, by.customerId)
    : findOwnedCart(trx, by.id, by.customerId);
}

/**
 * Replaces the lines of the customer's cart `id` and raises its version, in one statement. With
 * `expectedVersion` it is a compare-and-set: nothing changes unless the version is still that one.
 * Undefined when nothing was written (not theirs, unknown, or changed meanwhile).
 */
export function writeLines(
  db: Db,
  write: { id: string; customerId: string; lines: string; at: string; expectedVersion?: number },
): Promise<CartRow | undefined> {
  let update = db
    .updateTable('carts')
    .set((eb) => ({ lines: write.lines, version: eb('version', '+', 1), updated_at: write.at }))
    .where('id', '=', write.id)
    .where('customer_id', '=', write.customerId);
  if (write.expectedVersion !== undefined) {
    update = update.where('version', '=', write.expectedVersion);
  }
  return update.returningAll().executeTakeFirst();
}

/** Deletes the customer's cart `id`: false when there was none of theirs. */
export async function deleteCart(db: Db, id: string, customerId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('carts')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Which of `orderIds` have been settled against their customer's bag already. */
export async function listSettledOrders(db: Db, orderIds: readonly string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('cart_settled_orders')
    .select('order_id')
    .where('order_id', 'in', orderIds)
    .execute();
  return rows.map((r) => r.order_id);
}

/**
 * Records `orderIds` as settled unless they are already; answers the ids this call recorded, the only
 * ones the caller may take out of the bag. A concurrent transaction recording the same order makes
 * this one wait for it and then skip the order (the primary key), on PostgreSQL as on SQLite.
 */
export async function recordSettledOrders(
  trx: Db,
  orderIds: readonly string[],
  at: string,
): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await trx
    .insertInto('cart_settled_orders')
    .values(orderIds.map((order_id) => ({ order_id, settled_at: at })))
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .execute();
  return rows.map((r) => r.order_id);
}
