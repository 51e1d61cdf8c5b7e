/** The console's queries on the outbox (issue 15): the list, one email, and the re-sends. */
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { Keyset } from '../../lib/keyset.ts';
import { containsText, isWholeEmail } from '../../lib/like.ts';
import type { EmailResendRow, EmailRow } from './email.table.ts';

/** Every column but the bodies, for lists. */
const SUMMARY = [
  'id',
  'kind',
  'to_address',
  'subject',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'sent_at',
  'resent_from',
] as const;

/**
 * Newest first; `q` finds text in the address or the subject, any case; a whole address is looked up
 * on the lowercased-address index (a contains search reads every email).
 */
export function listEmails(
  db: Db,
  options: { status?: string; q?: string; after?: Keyset; limit: number },
) {
  let query = db.selectFrom('email_outbox').select(SUMMARY);
  if (options.status) query = query.where('status', '=', options.status);
  if (options.q) {
    const q = options.q;
    query = isWholeEmail(q)
      ? query.where((eb) => eb(eb.fn('lower', ['to_address']), '=', q.trim().toLowerCase()))
      : query.where((eb) => eb.or([containsText('to_address', q), containsText('subject', q)]));
  }
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.at),
        eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export function findEmail(db: Db, id: string): Promise<EmailRow | undefined> {
  return db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listCopies(db: Db, id: string) {
  return db
    .selectFrom('email_outbox')
    .select(SUMMARY)
    .where('resent_from', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The email, locked for the rest of `trx` (a write that changes nothing; see lockOrder). */
export async function lockEmail(
  trx: Transaction<Database>,
  id: string,
): Promise<EmailRow | undefined> {
  const touched = await trx
    .updateTable('email_outbox')
    .set((eb) => ({ attempts: eb.ref('attempts') }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) !== 1) return undefined;
  return findEmail(trx, id);
}

export function findResend(db: Db, idempotencyKey: string): Promise<EmailResendRow | undefined> {
  return db
    .selectFrom('email_resends')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** False when this key was recorded already (another submit of the same click). */
export async function insertResend(db: Db, row: EmailResendRow): Promise<boolean> {
  const result = await db
    .insertInto('email_resends')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A failed email queued again, with a fresh count of attempts (the sender gives up after five). */
export async function requeue(db: Db, id: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'queued', attempts: 0 })
    .where('id', '=', id)
    .execute();
}

export async function insertCopy(db: Db, row: EmailRow): Promise<void> {
  await db.insertInto('email_outbox').values(row).execute();
}
