import type { Db } from '../../db/database.ts';
import type { NewDataRequest, NewSupportRequest } from './support.table.ts';

export async function insertSupportRequest(db: Db, row: NewSupportRequest): Promise<void> {
  await db.insertInto('support_requests').values(row).execute();
}

export async function insertDataRequest(db: Db, row: NewDataRequest): Promise<void> {
  await db.insertInto('data_requests').values(row).execute();
}

/** The email an order was placed with (the acknowledgement's address when the sender gave none). */
export async function findOrderEmail(db: Db, orderNumber: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('email')
    .where('order_number', '=', orderNumber)
    .executeTakeFirst();
  return row?.email;
}

/** Records that the request's email was proven at `at`, unless it was already: answers whether now. */
export async function markEmailProven(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('data_requests')
    .set({ email_proven_at: at })
    .where('id', '=', id)
    .where('email_proven_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findEmailProvenAt(db: Db, id: string) {
  return db
    .selectFrom('data_requests')
    .select('email_proven_at')
    .where('id', '=', id)
    .executeTakeFirst();
}
