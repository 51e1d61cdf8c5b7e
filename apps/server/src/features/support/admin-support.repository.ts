/** The operators' queries on support messages, their replies and data requests (issue 15). */
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { Keyset } from '../../lib/keyset.ts';
import type { SupportReplyRow, SupportRequestRow } from './support.table.ts';

export async function listSupportRequests(
  db: Db,
  options: { status?: string; sort: 'newest' | 'oldest'; after?: Keyset; limit: number },
) {
  const newest = options.sort === 'newest';
  let query = db
    .selectFrom('support_requests as s')
    .select([
      's.id',
      's.status',
      's.created_at',
      's.email',
      's.order_number',
      's.customer_id',
      's.erased_at',
    ])
    .select((eb) => [
      eb.fn<string>('substr', ['s.message', eb.val(1), eb.val(200)]).as('excerpt'),
      eb
        .selectFrom('support_replies as r')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('r.support_request_id', '=', 's.id')
        .as('reply_count'),
    ]);
  if (options.status) query = query.where('s.status', '=', options.status);
  const after = options.after;
  if (after) {
    const op = newest ? '<' : '>';
    query = query.where((eb) =>
      eb.or([
        eb('s.created_at', op, after.at),
        eb.and([eb('s.created_at', '=', after.at), eb('s.id', op, after.id)]),
      ]),
    );
  }
  const direction = newest ? 'desc' : 'asc';
  return query
    .orderBy('s.created_at', direction)
    .orderBy('s.id', direction)
    .limit(options.limit)
    .execute();
}

export function findSupportRequest(db: Db, id: string): Promise<SupportRequestRow | undefined> {
  return db.selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The message, locked for the rest of `trx` (a write that changes nothing: a row lock on PostgreSQL,
 * the write lock on SQLite), so replies and status changes of one message queue up.
 */
export async function lockSupportRequest(
  trx: Transaction<Database>,
  id: string,
): Promise<SupportRequestRow | undefined> {
  const touched = await trx
    .updateTable('support_requests')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) !== 1) return undefined;
  return findSupportRequest(trx, id);
}

export async function setSupportStatus(db: Db, id: string, status: string): Promise<void> {
  await db.updateTable('support_requests').set({ status }).where('id', '=', id).execute();
}

/** The order a message names (any case of its number was normalised when stored). */
export function findOrderSummary(db: Db, orderNumber: string) {
  return db
    .selectFrom('orders')
    .select(['order_number', 'status', 'total', 'created_at', 'email'])
    .where('order_number', '=', orderNumber)
    .executeTakeFirst();
}

export function findCustomerSummary(db: Db, customerId: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'email', 'name', 'email_verified', 'erased_at'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

/** A message's replies, oldest first, with their emails' status. */
export function listReplies(db: Db, supportRequestId: string) {
  return db
    .selectFrom('support_replies as r')
    .leftJoin('email_outbox as e', 'e.id', 'r.email_id')
    .selectAll('r')
    .select('e.status as email_status')
    .where('r.support_request_id', '=', supportRequestId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}

export function findReplyByKey(db: Db, idempotencyKey: string) {
  return db
    .selectFrom('support_replies')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** False when a reply with this idempotency key exists (another submit of the same click). */
export async function insertReply(db: Db, row: SupportReplyRow): Promise<boolean> {
  const result = await db
    .insertInto('support_replies')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
