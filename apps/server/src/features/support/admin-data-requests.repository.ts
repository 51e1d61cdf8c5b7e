/** The operators' queries on privacy data requests (issue 15). */
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { Keyset } from '../../lib/keyset.ts';
import type { DataRequestRow } from './support.table.ts';

/**
 * Open requests by deadline, soonest first (the 45-day clock); completed ones most recently completed
 * first. Each keyset-paged on its sort column and id.
 */
export async function listDataRequests(
  db: Db,
  options: { status: 'open' | 'completed'; after?: Keyset; limit: number },
) {
  const open = options.status === 'open';
  const column = open ? 'due_by' : 'completed_at';
  const op = open ? '>' : '<';
  let query = db
    .selectFrom('data_requests')
    .select([
      'id',
      'status',
      'email',
      'received_at',
      'due_by',
      'completed_at',
      'customer_id',
      'erased_at',
      'email_proven_at',
    ])
    .select((eb) => eb.fn<string>('substr', ['message', eb.val(1), eb.val(200)]).as('excerpt'))
    .where('status', '=', options.status);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb(column, op, after.at),
        eb.and([eb(column, '=', after.at), eb('id', op, after.id)]),
      ]),
    );
  }
  const direction = open ? 'asc' : 'desc';
  return query.orderBy(column, direction).orderBy('id', direction).limit(options.limit).execute();
}

export function findDataRequest(db: Db, id: string): Promise<DataRequestRow | undefined> {
  return db.selectFrom('data_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The request, locked for the rest of `trx` (see lockSupportRequest). */
export async function lockDataRequest(
  trx: Transaction<Database>,
  id: string,
): Promise<DataRequestRow | undefined> {
  const touched = await trx
    .updateTable('data_requests')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) !== 1) return undefined;
  return findDataRequest(trx, id);
}

export async function updateDataRequest(
  db: Db,
  id: string,
  changes: Pick<DataRequestRow, 'status' | 'completed_at' | 'completion_note'>,
): Promise<void> {
  await db.updateTable('data_requests').set(changes).where('id', '=', id).execute();
}

/** The customers a request may be about: its signed-in sender's, and any with its email (any case). */
export async function customersForRequest(db: Db, row: DataRequestRow) {
  const { customer_id: customerId, email } = row;
  if (!customerId && !email) return [];
  return db
    .selectFrom('customers')
    .select(['id', 'email', 'name', 'email_verified', 'erased_at', 'guest'])
    .where((eb) =>
      eb.or([
        ...(customerId ? [eb('id', '=', customerId)] : []),
        ...(email ? [eb(eb.fn('lower', ['email']), '=', email.toLowerCase())] : []),
      ]),
    )
    .orderBy('created_at')
    .limit(20)
    .execute();
}
