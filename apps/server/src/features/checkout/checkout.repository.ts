import type { Insertable, Updateable } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import { losableWrite } from '../../db/relaxed-commit.ts';
import { isLockNotAvailable } from '../../lib/db-errors.ts';
import type { CheckoutsTable } from './checkout.table.ts';

/**
 * A new checkout, before its first pricing: a write a power cut may lose (decision 058). Nothing is
 * charged or held on it; pricing prices the bag again from the catalogue and waits for the disk, which
 * makes this row durable too. Lost, the page's next step says the checkout is not found.
 */
export function insertCheckout(db: Db, row: Insertable<CheckoutsTable>) {
  return losableWrite(db, (executor) => executor.insertInto('checkouts').values(row).execute());
}

export function findByIntent(db: Db, paymentIntentId: string) {
  return db
    .selectFrom('checkouts')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
}

export function updateCheckout(db: Db, id: string, changes: Updateable<CheckoutsTable>) {
  return db.updateTable('checkouts').set(changes).where('id', '=', id).execute();
}

/** Applies the update only while the checkout's status is `from`; true when it did. */
export async function updateCheckoutIfStatus(
  db: Db,
  id: string,
  from: string,
  changes: Updateable<CheckoutsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('checkouts')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Locks the checkout's row for the rest of `trx` if no other transaction holds it; false at once when
 * one does (PostgreSQL's NOWAIT), and `trx` is then aborted: the caller must roll it back. On SQLite
 * one writer runs at a time and no row is ever held by another: true.
 */
export async function lockCheckoutIfFree(trx: Db, id: string): Promise<boolean> {
  if (!isPostgres(trx)) return true;
  try {
    // As strong as the lock an update of its status takes (NO KEY UPDATE): a stock hold's reference to
    // the checkout (KEY SHARE, held until the hold commits) does not stand in its way.
    await trx
      .selectFrom('checkouts')
      .select('id')
      .where('id', '=', id)
      .forNoKeyUpdate()
      .noWait()
      .execute();
    return true;
  } catch (error) {
    if (isLockNotAvailable(error)) return false;
    throw error;
  }
}

export async function statusOf(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('checkouts')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.status;
}

/**
 * Applies the update only if nobody else updated the checkout since `version` was read, and hands the
 * lease back in the same write.
 */
export async function updateCheckoutIfVersion(
  db: Db,
  id: string,
  version: number,
  changes: Updateable<CheckoutsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('checkouts')
    .set({ ...changes, version: version + 1, lease_token: null, lease_until: null })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// The lease's writes may be lost to a power cut (db/relaxed-commit.ts `losableWrite`): a lease lives
// seconds, and after a restart nobody holds one anyway. The checkout's own update that follows waits
// for the disk, which makes the lease's write durable too.

/** Takes the checkout's update lease if it is free or expired; true when taken. */
export async function acquireLease(
  db: Db,
  id: string,
  lease: { token: string; until: string; now: string },
): Promise<boolean> {
  const result = await losableWrite(db, (executor) =>
    executor
      .updateTable('checkouts')
      .set({ lease_token: lease.token, lease_until: lease.until })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', lease.now)]))
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) === 1;
}

/** Extends the lease, only while `lease.token` still holds it. */
export function renewLease(db: Db, id: string, lease: { token: string; until: string }) {
  return losableWrite(db, (executor) =>
    executor
      .updateTable('checkouts')
      .set({ lease_until: lease.until })
      .where('id', '=', id)
      .where('lease_token', '=', lease.token)
      .execute(),
  );
}

export function releaseLease(db: Db, id: string, token: string) {
  return losableWrite(db, (executor) =>
    executor
      .updateTable('checkouts')
      .set({ lease_token: null, lease_until: null })
      .where('id', '=', id)
      .where('lease_token', '=', token)
      .execute(),
  );
}

// The checkouts a bag reminder may be for (decision 044), read and marked for the marketing feature's
// sweep through the checkout's door: open (no order, no refund), an email with consent, not reminded
// yet, idle since before `idleBefore`.

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
    // The same address however it was typed (checkouts_email_lower_idx).
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
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
