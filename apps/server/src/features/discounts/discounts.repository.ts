/** Every query of discount codes and their uses (docs/decisions/042). */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DiscountRedemptionRow, NewDiscountCode } from './discounts.table.ts';

export function findCodeByCode(db: Db, code: string) {
  return db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findCodeById(db: Db, id: string) {
  return db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertCode(db: Db, row: NewDiscountCode) {
  return db.insertInto('discount_codes').values(row).execute();
}

export async function updateCode(db: Db, id: string, change: Partial<NewDiscountCode>) {
  const r = await db
    .updateTable('discount_codes')
    .set(change)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Every code, newest first, with its uses by orders and the discount, revenue and refunds behind them.
 */
export function listCodesWithUses(db: Db) {
  return (
    db
      .selectFrom('discount_codes as c')
      .leftJoin('discount_redemptions as r', (j) =>
        j.onRef('r.code_id', '=', 'c.id').on('r.status', '=', 'used'),
      )
      // What was refunded on those orders since (a read of the orders table: decision 042).
      .leftJoin('orders as o', 'o.id', 'r.order_id')
      .selectAll('c')
      .select((eb) => [
        eb.fn.count<number>('r.id').as('orders'),
        eb.fn.coalesce(eb.fn.sum<number>('r.discount'), sql<number>`0`).as('discount_given'),
        eb.fn.coalesce(eb.fn.sum<number>('r.order_total'), sql<number>`0`).as('revenue'),
        eb.fn.coalesce(eb.fn.sum<number>('o.amount_refunded'), sql<number>`0`).as('refunded'),
      ])
      .groupBy('c.id')
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id')
      .execute()
  );
}

/**
 * Takes one use of the code, only while it has one left: one conditional UPDATE, so of shoppers
 * claiming the last use at once exactly one succeeds (PostgreSQL re-checks the condition on the row
 * after the earlier writer commits; SQLite has one writer).
 */
export async function takeUse(db: Db, codeId: string): Promise<boolean> {
  const r = await db
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', codeId)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function giveUseBack(db: Db, codeId: string) {
  return db
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', codeId)
    .where('uses', '>', 0)
    .execute();
}

/** Uses held (not yet an order's, not given back) since before `before`, oldest first. */
export function heldSince(db: Db, before: string) {
  return db
    .selectFrom('discount_redemptions')
    .select(['id', 'code_id'])
    .where('status', '=', 'held')
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .execute();
}

export function redemptionOfCheckout(db: Db, checkoutId: string) {
  return db
    .selectFrom('discount_redemptions')
    .selectAll()
    .where('checkout_id', '=', checkoutId)
    .executeTakeFirst();
}

export function insertRedemption(db: Db, row: DiscountRedemptionRow) {
  return db.insertInto('discount_redemptions').values(row).execute();
}

/** Changes a redemption whatever its status (the caller holds the checkout's claim on it). */
export function updateRedemption(db: Db, id: string, change: Partial<DiscountRedemptionRow>) {
  return db.updateTable('discount_redemptions').set(change).where('id', '=', id).execute();
}

export async function updateRedemptionIfStatus(
  db: Db,
  id: string,
  from: DiscountRedemptionRow['status'],
  change: Partial<DiscountRedemptionRow>,
) {
  const r = await db
    .updateTable('discount_redemptions')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Whether this customer (by account or email) holds or used the code on another checkout. */
export async function customerUsedCode(
  db: Db,
  codeId: string,
  who: { customerId: string | null; email: string | null },
  exceptCheckoutId: string | null,
): Promise<boolean> {
  if (!who.customerId && !who.email) return false;
  let q = db
    .selectFrom('discount_redemptions')
    .select('id')
    .where('code_id', '=', codeId)
    .where('status', 'in', ['held', 'used'])
    .where((eb) =>
      eb.or([
        ...(who.customerId ? [eb('customer_id', '=', who.customerId)] : []),
        ...(who.email ? [eb('email', '=', who.email.toLowerCase())] : []),
      ]),
    );
  if (exceptCheckoutId) q = q.where('checkout_id', '!=', exceptCheckoutId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Whether this customer (by account or email) has placed an order: a read of the orders table (not of
 * the orders feature, which imports this one: decision 042).
 */
export async function customerHasOrdered(
  db: Db,
  who: { customerId: string | null; email: string | null },
): Promise<boolean> {
  if (!who.customerId && !who.email) return false;
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('payment_intent_id', 'is not', null)
    .where((eb) =>
      eb.or([
        ...(who.customerId ? [eb('customer_id', '=', who.customerId)] : []),
        ...(who.email ? [eb(eb.fn('lower', ['email']), '=', who.email.toLowerCase())] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
