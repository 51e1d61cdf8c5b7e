/**
 * Stock held for priced checkouts. Pricing a checkout (update-pi) reserves its sizes for a while and
 * placing the order (confirm-pi) renews the hold, so a sold-out size is refused before the card is
 * charged; the order's transaction then takes the stock for good, never below zero, and drops the hold.
 *
 * A cancelled order gives its stock back (restoreStock). An order nobody pays for (an exchange's
 * replacement) takes what is available at once (takeAvailableStock), leaving the checkouts' holds alone.
 *
 * Available = stock - the unexpired reservations of other checkouts. Sizes whose stock is not counted
 * (null) are never reserved. Concurrent reservations of one size are serialised on its inventory row
 * (a row lock on PostgreSQL, held only inside one statement; the write lock on SQLite).
 */
import { sizeLabel } from '@sunward/core/sizes';
import { isOutOfStock } from '@sunward/core/stock';
import type { Transaction } from 'kysely';
import { type Database, type Db, inTransaction, isPostgres } from '../../db/database.ts';
import { publishEvent } from '../../lib/jobs/events.ts';
import * as repo from './catalog.repository.ts';
import { SIZE_BACK_ON_SALE, type SizeBackOnSale } from './catalog.events.ts';
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

/** A hold refused after its rows were written: thrown so the transaction rolls them back. */
class Short extends Error {
  constructor(readonly result: ReserveResult) {
    super('short');
  }
}

/** The caller's write declined (see reserveStockWith): thrown so its transaction rolls back. */
class NotWritten extends Error {
  constructor() {
    super('not written');
  }
}

const outOfStock = (size: string) =>
  fail(`Size ${sizeLabel(size)} is out of stock. Please choose another size.`);

/**
 * Replaces the checkout's reservations with holds on `lines` until now + `holdMs`; all or nothing.
 * The sizes are read first without a lock (one taken off sale refuses at once); a size whose stock is
 * not counted is never held and its row never locked. The counted ones are then held so that every
 * buyer of a size waits on its inventory row as briefly as possible (issue 26 item 1,
 * docs/decisions/037): on PostgreSQL one statement does it all inside the database (migration 023:
 * lock each row in a fixed order, count the others' unexpired holds, write the checkout's holds only
 * if every size has enough), so no round trip to a busy process happens under the lock; on SQLite,
 * whose one writer serialises every hold anyway, the checkout's rows are written first and each size
 * is locked and counted last, before the commit. A size short leaves the earlier holds as they were.
 * Given the caller's transaction, the holds are written in it (on SQLite a short answer then leaves
 * its rows written there: the caller rolls back).
 */
export async function reserveStock(
  db: Db,
  checkoutId: string,
  lines: readonly PricedLine[],
  holdMs: number,
  now = new Date(),
): Promise<ReserveResult> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + holdMs).toISOString();
  const wanted = [...wantedBySize(lines)].map(([key, quantity]) => {
    const [productId, size] = key.split('|') as [string, string];
    return { productId, size, quantity };
  });
  const sizes = await repo.inventoryOf(db, wanted);
  const row = (w: StockLine) =>
    sizes.find((r) => r.product_id === w.productId && r.size === w.size);
  const off = wanted.find((w) => isOutOfStock(sizeStock(row(w))));
  if (off) return outOfStock(off.size);
  const counted = wanted
    .filter((w) => row(w)?.stock != null)
    .map((w) => ({ product_id: w.productId, size: w.size, quantity: w.quantity }));
  if (isPostgres(db)) {
    const short = await repo.reserveOnPostgres(db, checkoutId, counted, at, until);
    return short ? shortOf(short.size, short.available) : { ok: true };
  }
  try {
    return await inTransaction(db, async (trx) => {
      await repo.deleteReservations(trx, checkoutId);
      await repo.insertReservations(trx, checkoutId, counted, until);
      for (const { product_id: productId, size, quantity } of counted) {
        const locked = await repo.lockInventory(trx, productId, size);
        if (isOutOfStock(sizeStock(locked))) throw new Short(outOfStock(size));
        // No longer counted since the read: nothing to hold against (its row is harmless).
        if (locked?.stock == null) continue;
        const available =
          locked.stock - (await repo.heldByOthers(trx, { productId, size }, checkoutId, at));
        if (available < quantity) throw new Short(shortOf(size, available));
      }
      return { ok: true as const };
    });
  } catch (error) {
    if (error instanceof Short) return error.result;
    throw error;
  }
}

/**
 * Holds the checkout's stock as `reserveStock` does, together with the caller's own write `write`
 * (pricing a checkout records its totals with its holds), committed the way each database waits least:
 * on SQLite one transaction, `write` first and the hold last, so the writer waits for one sync of the
 * log (db/group-commit.ts); on PostgreSQL the hold first, its one statement by itself (the size's row
 * locked for no round trip to the shop, decision 037), then `write` in its own transaction. `write`
 * answers false to write nothing (its transaction is rolled back and, on SQLite, nothing is held):
 * 'not written'. A size short: `write` is not run, or is rolled back.
 */
export async function reserveStockWith(
  db: Db,
  checkoutId: string,
  lines: readonly PricedLine[],
  holdMs: number,
  write: (trx: Db) => Promise<boolean>,
): Promise<ReserveResult | 'not written'> {
  const holdFirst = isPostgres(db);
  if (holdFirst) {
    const held = await reserveStock(db, checkoutId, lines, holdMs);
    if (!held.ok) return held;
  }
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await write(trx))) throw new NotWritten();
      if (holdFirst) return { ok: true as const };
      // In this transaction: a short answer leaves its rows written, rolled back by the throw.
      const held = await reserveStock(trx, checkoutId, lines, holdMs);
      if (!held.ok) throw new Short(held);
      return held;
    });
  } catch (error) {
    if (error instanceof Short) return error.result;
    if (error instanceof NotWritten) return 'not written';
    throw error;
  }
}

/** A size that cannot be held: out of stock, or how many are left for this checkout. */
function shortOf(size: string, available: number): ReserveResult {
  return available <= 0
    ? outOfStock(size)
    : fail(`Only ${available} left in size ${sizeLabel(size)}. Please lower the quantity.`);
}

function fail(message: string): ReserveResult {
  return { ok: false, message };
}

/** Drops a checkout's holds (in the caller's transaction: the order that takes the stock). */
export function releaseStock(trx: Db, checkoutId: string) {
  return repo.deleteReservations(trx, checkoutId);
}

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
 * Gives the stock of a cancelled order's lines (or a return's restocked units) back to their counted
 * sizes, in the caller's transaction (the one that cancels the order or receives the parcel), sizes in
 * a fixed order like the reservations. A size this brings back from sold out (its count was 0, and it
 * is not switched off) is back on sale: the shoppers waiting for it hear of it if this commits, as
 * when an operator counts it again.
 */
export async function restoreStock(
  trx: Transaction<Database>,
  lines: readonly StockLine[],
  at: string,
): Promise<void> {
  for (const [key, quantity] of wantedBySize(lines)) {
    const [productId, size] = key.split('|') as [string, string];
    const after = await repo.returnStock(trx, { productId, size, quantity }, at);
    if (!after || after.stock === null) continue;
    const before = { stock: after.stock - quantity, out_of_stock: after.out_of_stock };
    if (isOutOfStock(sizeStock(before)) && !isOutOfStock(sizeStock(after))) {
      await publishEvent<SizeBackOnSale>(trx, {
        name: SIZE_BACK_ON_SALE,
        data: { productId, size, version: after.version },
        key: `${productId}:${size}:${after.version}`,
      });
    }
  }
}
