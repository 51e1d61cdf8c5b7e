import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { EmailOutboxTable } from './email.table.ts';

/** Inserts unless an email with the same dedupe key exists; true when inserted. */
export async function insertEmail(db: Db, row: Insertable<EmailOutboxTable>): Promise<boolean> {
  const result = await db
    .insertInto('email_outbox')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function listQueued(db: Db, limit: number) {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where('status', '=', 'queued')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Outbox mode: a queued email becomes "logged" in one write; false when another process took it. */
export async function logIfQueued(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('email_outbox')
    .set((eb) => ({ status: 'logged', attempts: eb('attempts', '+', 1), sent_at: at }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findEmail(db: Db, id: string) {
  return db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Claims an email for a delivery run: a queued one, with `orStuck` also one left `sending` (a job
 * run again after its lease ended: the run that claimed it is presumed dead), and with `orFailed` one
 * given up (its failed job retried by an operator). False when it was sent or logged meanwhile, or
 * given up and not retried, or another run is sending it.
 */
export async function claim(
  db: Db,
  id: string,
  { orStuck = false, orFailed = false }: { orStuck?: boolean; orFailed?: boolean } = {},
): Promise<boolean> {
  const statuses = ['queued', ...(orStuck ? ['sending'] : []), ...(orFailed ? ['failed'] : [])];
  const result = await db
    .updateTable('email_outbox')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', 'in', statuses)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function markDone(db: Db, id: string, status: 'sent' | 'logged', at: string) {
  return db
    .updateTable('email_outbox')
    .set({ status, sent_at: at, last_error: null })
    .where('id', '=', id)
    .execute();
}

export function markFailed(db: Db, id: string, error: string, giveUp: boolean) {
  return db
    .updateTable('email_outbox')
    .set({ status: giveUp ? 'failed' : 'queued', last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}

export function findByDedupeKey(db: Db, key: string) {
  return db.selectFrom('email_outbox').selectAll().where('dedupe_key', '=', key).executeTakeFirst();
}
