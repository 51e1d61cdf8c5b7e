/**
 * Stock held for priced checkouts. Pricing a checkout (update-pi) reserves its sizes for a while and
 * placing the order (confirm-pi) renews the hold, so a sold-out size is refused before the card is
 * charged; the order's transaction then takes the stock for good, never below zero, and drops the hold.
 *
 * Available = stock - the unexpired reservations of other checkouts. Sizes whose stock is not counted
 * (null) are never reserved. Concurrent reservations of one size are serialised by touching its
 * inventory row first (a row lock on PostgreSQL, the write lock on SQLite).
 */
import { sizeInfo, isSizeCode } from '@sunward/core/sizes';
import type { Db } from '../../db/database.ts';
import type { PricedLine } from './price-bag.ts';

/** How long a priced checkout holds its sizes, and how long placing the order extends the hold. */
export const RESERVATION_MS = { priced: 15 * 60_000, confirming: 30 * 60_000 } as const;

export type ReserveResult = { ok: true } | { ok: false; message: string };

function wantedBySize(lines: readonly PricedLine[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const l of lines) {
    const key = `${l.productId}|${l.size}`;
    wanted.set(key, (wanted.get(key) ?? 0) + l.quantity);
  }
  // A fixed order, so two transactions touching the same rows cannot deadlock.
  return new Map([...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const label = (size: string) => (isSizeCode(size) ? sizeInfo(size).label : size);

/** Replaces the checkout's reservations with holds on `lines` until now + `holdMs`; all or nothing. */
export async function reserveStock(
  db: Db,
  checkoutId: string,
  lines: readonly PricedLine[],
  holdMs: number,
  now = new Date(),
): Promise<ReserveResult> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + holdMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const holds: { product_id: string; size: string; quantity: number }[] = [];
    for (const [key, quantity] of wantedBySize(lines)) {
      const [productId, size] = key.split('|') as [string, string];
      await trx
        .updateTable('inventory')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('product_id', '=', productId)
        .where('size', '=', size)
        .execute();
      const row = await trx
        .selectFrom('inventory')
        .select(['stock', 'out_of_stock'])
        .where('product_id', '=', productId)
        .where('size', '=', size)
        .executeTakeFirst();
      if (!row || row.out_of_stock === 1 || row.stock === 0) {
        return fail(`Size ${label(size)} is out of stock. Please choose another size.`);
      }
      if (row.stock === null) continue;
      const held = await trx
        .selectFrom('stock_reservations')
        .select((eb) => eb.fn.sum<number | string | null>('quantity').as('n'))
        .where('product_id', '=', productId)
        .where('size', '=', size)
        .where('checkout_id', '!=', checkoutId)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      const available = row.stock - Number(held?.n ?? 0);
      if (available < quantity) {
        return fail(
          available <= 0
            ? `Size ${label(size)} is out of stock. Please choose another size.`
            : `Only ${available} left in size ${label(size)}. Please lower the quantity.`,
        );
      }
      holds.push({ product_id: productId, size, quantity });
    }
    await trx.deleteFrom('stock_reservations').where('checkout_id', '=', checkoutId).execute();
    if (holds.length > 0) {
      await trx
        .insertInto('stock_reservations')
        .values(holds.map((h) => ({ ...h, checkout_id: checkoutId, expires_at: until })))
        .execute();
    }
    return { ok: true as const };
  });
}

function fail(message: string): ReserveResult {
  return { ok: false, message };
}

/** Drops a checkout's holds (in the caller's transaction: the order that takes the stock). */
export function releaseStock(trx: Db, checkoutId: string) {
  return trx.deleteFrom('stock_reservations').where('checkout_id', '=', checkoutId).execute();
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
    .set((eb) => ({ stock: eb('stock', '-', line.quantity), updated_at: at }))
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', line.quantity)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
