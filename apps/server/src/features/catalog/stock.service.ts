/**
 * Stock held for priced checkouts. Pricing a checkout (update-pi) reserves its sizes for a while and
 * placing the order (confirm-pi) renews the hold, so a sold-out size is refused before the card is
 * charged; the order's transaction then takes the stock for good, never below zero, and drops the hold.
 *
 * A cancelled order gives its stock back (restoreStock). An order nobody pays for (an exchange's
 * replacement) takes what is available at once (takeAvailableStock), leaving the checkouts' holds alone.
 *
 * Available = stock - the unexpired reservations of other checkouts. Sizes whose stock is not counted
 * (null) are never reserved. Concurrent reservations of one size are serialised by touching its
 * inventory row first (a row lock on PostgreSQL, the write lock on SQLite).
 */
import { sizeLabel } from '@sunward/core/sizes';
import { isOutOfStock } from '@sunward/core/stock';
import type { Db } from '../../db/database.ts';
import * as repo from './catalog.repository.ts';
import { sizeStock } from './catalog.service.ts';
import type { PricedLine } from './price-bag.ts';

/** How long a priced checkout holds its sizes, and how long placing the order extends the hold. */
export const RESERVATION_MS = { priced: 15 * 60_000, confirming: 30 * 60_000 } as const;

export type ReserveResult = { ok: true } | { ok: false; message: string };

type StockLine = Pick<PricedLine, 'productId' | 'size' | 'quantity'>;

function wantedBySize(lines: readonly StockLine[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const l of lines) {
    const key = `${l.productId}|${l.size}`;
    wanted.set(key, (wanted.get(key) ?? 0) + l.quantity);
  }
  // A fixed order, so two transactions touching the same rows cannot deadlock.
  return new Map([...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

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
      const row = await repo.lockInventory(trx, productId, size);
      if (isOutOfStock(sizeStock(row))) {
        return fail(`Size ${sizeLabel(size)} is out of stock. Please choose another size.`);
      }
      const counted = row?.stock ?? null;
      if (counted === null) continue;
      const available =
        counted - (await repo.heldByOthers(trx, { productId, size }, checkoutId, at));
      if (available < quantity) {
        return fail(
          available <= 0
            ? `Size ${sizeLabel(size)} is out of stock. Please choose another size.`
            : `Only ${available} left in size ${sizeLabel(size)}. Please lower the quantity.`,
        );
      }
      holds.push({ product_id: productId, size, quantity });
    }
    await repo.deleteReservations(trx, checkoutId);
    await repo.insertReservations(trx, checkoutId, holds, until);
    return { ok: true as const };
  });
}

function fail(message: string): ReserveResult {
  return { ok: false, message };
}

/** Drops a checkout's holds (in the caller's transaction: the order that takes the stock). */
export function releaseStock(trx: Db, checkoutId: string) {
  return repo.deleteReservations(trx, checkoutId);
}

/**
 * Takes `quantity` for good, never below zero: false when the counted stock is short (the caller rolls
 * back). Uncounted sizes (null) always succeed.
 */
/**
 * Takes the stock of a paid order's lines for good, in the caller's transaction, sizes in the same fixed
 * order as reservations and restores (so an order being created and another being cancelled cannot
 * deadlock). Returns the first size that is short (the caller rolls back), or null.
 */
export async function takeStock(
  trx: Db,
  lines: readonly StockLine[],
  at: string,
): Promise<string | null> {
  for (const [key, quantity] of wantedBySize(lines)) {
    const [productId, size] = key.split('|') as [string, string];
    if (!(await repo.takeStock(trx, { productId, size, quantity }, at))) return size;
  }
  return null;
}

/**
 * Takes the stock of an order nobody pays for (an exchange's replacement) in the caller's transaction:
 * each size must be sellable (not marked out of stock, known to the catalogue) and, if counted, have
 * enough left once every checkout's unexpired hold is set aside, as a checkout's reservation is judged;
 * then it is taken for good. Sizes in the fixed order, each inventory row locked first. Returns the
 * first size that is short (the caller rolls back what was taken), or null.
 */
export async function takeAvailableStock(
  trx: Db,
  lines: readonly StockLine[],
  now: Date,
): Promise<string | null> {
  const at = now.toISOString();
  for (const [key, quantity] of wantedBySize(lines)) {
    const [productId, size] = key.split('|') as [string, string];
    const row = await repo.lockInventory(trx, productId, size);
    if (isOutOfStock(sizeStock(row))) return size;
    if (row?.stock != null) {
      // '' is no checkout: every checkout's hold counts.
      const held = await repo.heldByOthers(trx, { productId, size }, '', at);
      if (row.stock - held < quantity) return size;
    }
    if (!(await repo.takeStock(trx, { productId, size, quantity }, at))) return size;
  }
  return null;
}

/**
 * Gives the stock of a cancelled order's lines back to their counted sizes, in the caller's
 * transaction (the one that cancels the order), sizes in a fixed order like the reservations.
 */
export async function restoreStock(
  trx: Db,
  lines: readonly StockLine[],
  at: string,
): Promise<void> {
  for (const [key, quantity] of wantedBySize(lines)) {
    const [productId, size] = key.split('|') as [string, string];
    await repo.returnStock(trx, { productId, size, quantity }, at);
  }
}
