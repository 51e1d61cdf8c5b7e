/** Every query of the reviews (migration 035). Writes take the caller's transaction. */
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { NewReview, ReviewRow } from './reviews.table.ts';

type Trx = Transaction<Database>;

export function insertReview(trx: Trx, row: NewReview) {
  return trx.insertInto('reviews').values(row).execute();
}

export function findReview(db: Db, id: string) {
  return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The designs of an order already reviewed. */
export async function reviewedDesigns(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('reviews')
    .select('design')
    .where('order_id', '=', orderId)
    .execute();
  return rows.map((r) => r.design);
}

/** A design's published reviews (every one: a design has tens, not thousands). */
export function publishedOf(db: Db, design: string): Promise<ReviewRow[]> {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('design', '=', design)
    .where('status', '=', 'published')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every published review, each design's newest first (the design pages' structured data). */
export function allPublished(db: Db): Promise<ReviewRow[]> {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('design')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Published fit answers by size and answer: of one design, or of every design (null). */
export function countFitAnswers(db: Db, design: string | null) {
  let query = db
    .selectFrom('reviews')
    .select(['size', 'fit', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('status', '=', 'published')
    .groupBy(['size', 'fit']);
  if (design !== null) query = query.where('design', '=', design);
  return query.execute();
}

/** Reviews with their order's number, as the console shows them. */
const withOrderNumber = (db: Db) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .selectAll('r')
    .select('o.order_number');

/** One review as the console shows it. */
export function findForConsole(db: Db, id: string) {
  return withOrderNumber(db).where('r.id', '=', id).executeTakeFirst();
}

/** The console's filters: one status, one design (each optional). */
export interface ConsoleReviewFilter {
  status?: string | undefined;
  design?: string | undefined;
}

/** Where a page of the console's list ends: its last review's creation time and id. */
export interface ReviewPosition {
  createdAt: string;
  id: string;
}

/**
 * A page of the console's list, keyset-paged on (created_at, id), which never change: the queue of
 * new ones oldest first (so a review written while paging comes at the end), any other choice newest
 * first. A review added, published or hidden while paging never shifts the others: each review that
 * matches the filter throughout is listed once. The filters are the equality prefix of migration
 * 035's (status, created_at) and (design, status, created_at) indexes.
 */
export function consoleReviewsQuery(
  db: Db,
  filter: ConsoleReviewFilter,
  page: { after: ReviewPosition | null; limit: number },
) {
  const direction = filter.status === 'new' ? 'asc' : 'desc';
  let query = withOrderNumber(db);
  if (filter.status) query = query.where('r.status', '=', filter.status);
  if (filter.design) query = query.where('r.design', '=', filter.design);
  const after = page.after;
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.tuple(eb.ref('r.created_at'), eb.ref('r.id')),
        direction === 'asc' ? '>' : '<',
        eb.tuple(after.createdAt, after.id),
      ),
    );
  }
  return query.orderBy('r.created_at', direction).orderBy('r.id', direction).limit(page.limit);
}

/** A page of the console's list (`consoleReviewsQuery`), read. */
export function listForConsole(
  db: Db,
  filter: ConsoleReviewFilter,
  page: { after: ReviewPosition | null; limit: number },
) {
  return consoleReviewsQuery(db, filter, page).execute();
}

export type ConsoleReviewRow = Awaited<ReturnType<typeof listForConsole>>[number];

/** How many reviews have each status: of one design, or of every design (undefined). */
export async function countByStatus(db: Db, design?: string): Promise<Record<string, number>> {
  let query = db
    .selectFrom('reviews')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status');
  if (design) query = query.where('design', '=', design);
  const rows = await query.execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function setStatus(
  trx: Trx,
  id: string,
  change: { status: string; at: string; by: string },
): Promise<boolean> {
  const done = await trx
    .updateTable('reviews')
    .set({
      status: change.status,
      moderated_at: change.at,
      moderated_by: change.by,
      updated_at: change.at,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function setReply(
  trx: Trx,
  id: string,
  reply: string | null,
  at: string,
): Promise<boolean> {
  const done = await trx
    .updateTable('reviews')
    .set({ reply, reply_at: reply === null ? null : at, updated_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
