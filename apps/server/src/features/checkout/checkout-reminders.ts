/**
 * The checkouts a bag reminder may be for (decision 044), read and marked for the marketing feature's
 * sweep through the checkout's door: open (no order, no refund), an email with consent, not reminded
 * yet, idle since before `idleBefore`.
 */
import type { Db } from '../../db/database.ts';

export interface ReminderCheckout {
  id: string;
  email: string;
  lines: string;
  reminderConsentAt: string;
  updatedAt: string;
}

export async function reminderCandidates(
  db: Db,
  idleBefore: string,
  limit = 100,
): Promise<ReminderCheckout[]> {
  const rows = await db
    .selectFrom('checkouts')
    .select(['id', 'email', 'lines', 'reminder_consent_at', 'updated_at'])
    .where('reminded_at', 'is', null)
    .where('reminder_consent_at', 'is not', null)
    .where('email', 'is not', null)
    .where('status', '=', 'open')
    .where('updated_at', '<=', idleBefore)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email!,
    lines: r.lines,
    reminderConsentAt: r.reminder_consent_at!,
    updatedAt: r.updated_at,
  }));
}

/** Marks the checkout reminded unless it was already, or stopped being open (false: leave it). */
export async function markReminded(trx: Db, id: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('checkouts')
    .set({ reminded_at: at })
    .where('id', '=', id)
    .where('reminded_at', 'is', null)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The latest reminder queued to `email` (any checkout), for the one-a-week rule. */
export async function lastReminderTo(db: Db, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('checkouts')
    .select((eb) => eb.fn.max('reminded_at').as('last'))
    .where('email', '=', email)
    .executeTakeFirst();
  return (row?.last as string | null | undefined) ?? null;
}

/** A checkout's priced lines (JSON), for the link back to the bag. */
export async function checkoutLines(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('checkouts')
    .select('lines')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.lines;
}

/** Consent and reminders of these addresses' checkouts, for the console and the data export. */
export function remindersOf(db: Db, emails: readonly string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('checkouts')
    .select(['id', 'email', 'reminder_consent_at', 'reminder_consent_source', 'reminded_at'])
    .where('email', 'in', emails)
    .where('reminder_consent_at', 'is not', null)
    .orderBy('reminder_consent_at')
    .execute();
}
