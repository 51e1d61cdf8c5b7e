/** Every query on accounts and their one-time links. */
import type { Db } from '../../db/database.ts';
import type { AccountRow, AccountTokensTable } from './identity.table.ts';

export function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

/** False when the email is taken (the unique index decides, also between processes). */
export async function insertAccount(db: Db, row: AccountRow): Promise<boolean> {
  const result = await db
    .insertInto('accounts')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function updateAccount(
  db: Db,
  id: string,
  changes: Partial<Pick<AccountRow, 'password_hash' | 'email_verified' | 'name'>>,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function insertToken(db: Db, row: Omit<AccountTokensTable, 'used_at'>): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({ ...row, used_at: null })
    .execute();
}

export function findToken(db: Db, id: string, purpose: AccountTokensTable['purpose']) {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Marks the link used; false when it was used already or has expired (another tab, another process). */
export async function useToken(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The newest link of that purpose made for the account since `since` (to space out emails). */
export function latestTokenSince(
  db: Db,
  accountId: string,
  purpose: AccountTokensTable['purpose'],
  since: string,
) {
  return db
    .selectFrom('account_tokens')
    .select('created_at')
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirst();
}
