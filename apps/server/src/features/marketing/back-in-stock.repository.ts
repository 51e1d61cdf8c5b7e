/** Every query of the back-in-stock requests (migration 036, decision 050). */
import type { Db } from '../../db/database.ts';
import type { BackInStockRequestRow } from './back-in-stock.table.ts';

/** Records a waiting request; a second one for the same address, design and size keeps the first. */
export async function insertRequest(db: Db, row: BackInStockRequestRow): Promise<void> {
  await db
    .insertInto('back_in_stock_requests')
    .values(row)
    .onConflict((oc) => oc.columns(['email', 'design', 'product_id', 'size']).doNothing())
    .execute();
}

/** Who waits for a size, oldest request first. */
export function waitingFor(db: Db, productId: string, size: string) {
  return db
    .selectFrom('back_in_stock_requests')
    .selectAll()
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Consumes a request: true for the one call that deleted it. */
export async function consumeRequest(trx: Db, id: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('back_in_stock_requests')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** How many wait per design and size, most first. */
export async function waitingCounts(db: Db) {
  const rows = await db
    .selectFrom('back_in_stock_requests')
    .select(['design', 'product_id', 'size'])
    .select((eb) => eb.fn.countAll<number | string>().as('waiting'))
    .groupBy(['design', 'product_id', 'size'])
    .execute();
  return rows.map((r) => ({ ...r, waiting: Number(r.waiting) }));
}

export function requestsOf(db: Db, emails: readonly string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('back_in_stock_requests')
    .selectAll()
    .where(
      'email',
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .orderBy('created_at')
    .execute();
}

export async function deleteRequests(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('back_in_stock_requests')
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
