import type { Db } from '../../db/database.ts';
import type { NewReturnLabel } from './return-labels.table.ts';

/** The row id of the return a customer knows by its public id (the record's `id`), or undefined. */
export async function findReturnIdByPublicId(
  db: Db,
  publicId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('returns')
    .select('id')
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return row?.id;
}

/** How people know a return (the console's jobs screen): its public id and its order's number. */
export function findReturnNames(db: Db, returnId: string) {
  return db
    .selectFrom('returns')
    .innerJoin('orders', 'orders.id', 'returns.order_id')
    .select(['returns.public_id', 'orders.order_number'])
    .where('returns.id', '=', returnId)
    .executeTakeFirst();
}

export function findLabelByReturn(db: Db, returnId: string) {
  return db
    .selectFrom('return_labels')
    .select(['id', 'return_id', 'token', 'tracking_number', 'provider', 'created_at'])
    .where('return_id', '=', returnId)
    .executeTakeFirst();
}

/** The label's PDF and the order number it is for (the file's name). */
export function findPdfByToken(db: Db, token: string) {
  return db
    .selectFrom('return_labels')
    .innerJoin('returns', 'returns.id', 'return_labels.return_id')
    .innerJoin('orders', 'orders.id', 'returns.order_id')
    .select(['return_labels.pdf', 'return_labels.tracking_number', 'orders.order_number'])
    .where('return_labels.token', '=', token)
    .executeTakeFirst();
}

/** What a label needs of a return: its order's number, email and shipping address. */
export function findReturnForLabel(db: Db, returnId: string) {
  return db
    .selectFrom('returns')
    .innerJoin('orders', 'orders.id', 'returns.order_id')
    .select([
      'returns.id',
      'returns.order_id',
      'orders.order_number',
      'orders.email',
      'orders.shipping_name',
      'orders.shipping_address',
    ])
    .where('returns.id', '=', returnId)
    .executeTakeFirst();
}

/** How many units the parcel holds: those sent back (Refund or Exchange), not those kept. */
export async function countReturnedUnits(db: Db, returnId: string): Promise<number> {
  const row = await db
    .selectFrom('return_items')
    .select((eb) => eb.fn.countAll<number | string>().as('units'))
    .where('return_id', '=', returnId)
    .where('return_type', '!=', 'Keep')
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}

/** Inserts unless the return has a label already; true when this one was stored. */
export async function insertLabel(db: Db, row: NewReturnLabel): Promise<boolean> {
  const result = await db
    .insertInto('return_labels')
    .values(row)
    .onConflict((oc) => oc.column('return_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The return record's `returnLabel`: the label's URL. */
export function setReturnLabelUrl(db: Db, returnId: string, url: string, at: string) {
  return db
    .updateTable('returns')
    .set({ return_label: url, updated_at: at })
    .where('id', '=', returnId)
    .execute();
}

/** The labels of the returns still waiting for their parcel (requested), oldest label first. */
export function labelsOfRequestedReturns(db: Db) {
  return db
    .selectFrom('return_labels as l')
    .innerJoin('returns as r', 'r.id', 'l.return_id')
    .select(['l.return_id', 'l.tracking_number', 'l.created_at'])
    .where('r.status', '=', 'requested')
    .orderBy('l.created_at')
    .execute();
}
