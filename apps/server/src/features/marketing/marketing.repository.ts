/** Every query of the marketing feature: the addresses that unsubscribed (decision 044). */
import type { Db } from '../../db/database.ts';

/** Records the unsubscribe of `email` (lower-cased) at once; a second one keeps the first time. */
export async function unsubscribe(db: Db, email: string, source: string, at: string) {
  await db
    .insertInto('marketing_unsubscribes')
    .values({ email: email.toLowerCase(), unsubscribed_at: at, source })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

export async function unsubscribedAt(db: Db, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('marketing_unsubscribes')
    .select('unsubscribed_at')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.unsubscribed_at ?? null;
}

export function unsubscribesOf(db: Db, emails: readonly string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('marketing_unsubscribes')
    .selectAll()
    .where(
      'email',
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .orderBy('unsubscribed_at')
    .execute();
}

export async function deleteUnsubscribes(db: Db, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const result = await db
    .deleteFrom('marketing_unsubscribes')
    .where('email', 'in', emails)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
