/**
 * De-duplication keys, the same on both engines: one `job_keys` row per key, written in the
 * enqueuing transaction, so a key is used once for ever (also after its job is gone).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

/** True when the key was free and is now taken (by this transaction, if it commits). */
export async function reserveKey(
  trx: Transaction<Database>,
  key: string,
  at: string,
): Promise<boolean> {
  const result = await trx
    .insertInto('job_keys')
    .values({ key, created_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
