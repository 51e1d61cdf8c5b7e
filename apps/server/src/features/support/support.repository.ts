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
