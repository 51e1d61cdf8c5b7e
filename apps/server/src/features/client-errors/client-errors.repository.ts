import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ClientErrorsTable } from './client-errors.table.ts';

export async function insertClientError(db: Db, row: Insertable<ClientErrorsTable>): Promise<void> {
  await db.insertInto('client_errors').values(row).execute();
}

export function listRecentClientErrors(db: Db, limit = 100) {
  return db
    .selectFrom('client_errors')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
