import type { Insertable, Updateable } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import { isLockNotAvailable } from '../../lib/db-errors.ts';
import type { CheckoutsTable } from './checkout.table.ts';

export function insertCheckout(db: Db, row: Insertable<CheckoutsTable>) {
  return db.insertInto('checkouts').values(row).execute();
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

/** Takes the checkout's update lease if it is free or expired; true when taken. */
export async function acquireLease(
  db: Db,
  id: string,
  lease: { token: string; until: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('checkouts')
    .set({ lease_token: lease.token, lease_until: lease.until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', lease.now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends the lease, only while `lease.token` still holds it. */
export function renewLease(db: Db, id: string, lease: { token: string; until: string }) {
  return db
    .updateTable('checkouts')
    .set({ lease_until: lease.until })
    .where('id', '=', id)
    .where('lease_token', '=', lease.token)
    .execute();
}

export function releaseLease(db: Db, id: string, token: string) {
  return db
    .updateTable('checkouts')
    .set({ lease_token: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .execute();
}
