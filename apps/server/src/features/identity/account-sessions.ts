/**
 * Ending every sign-in of an account at once (issue 23, docs/decisions/026).
 *
 * An account has a session epoch. A sign-in remembers the epoch it was made in: the hosted sign-in puts
 * it in the interaction's result, and once the provider has made the session, `recordLogin` keeps it
 * per session uid (the uid every code and token of that session carries as `sessionUid`). Ending the
 * account's sign-ins is one write, `endSessions`: the epoch goes up. From then on the provider refuses
 * the older sessions (prompt=none, a new authorization), codes and refresh tokens (findAccount), and the
 * API refuses the older access tokens (their `login_epoch` claim), whatever rows are still stored.
 *
 * Races are closed by order, not by locks: a sign-in whose password was checked before an end but whose
 * session is recorded after it carries the old epoch and is refused when it is checked right after
 * being recorded (write, then read the account's epoch).
 */
import type { Db } from '../../db/database.ts';
import { losableWrite } from '../../db/relaxed-commit.ts';

/** What the API answers a token of an ended sign-in (plugins/auth.ts), so the shopper knows why. */
export const SIGN_IN_ENDED =
  'This sign-in has ended: the password was changed or the email confirmed. Please sign in again.';

/** How long a session's epoch is kept: the provider's Session TTL (oidc-configuration.ts). */
export const LOGIN_TTL_S = 14 * 24 * 60 * 60;

/** The account's current epoch; undefined when there is no such account. */
export async function currentEpoch(db: Db, accountId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('session_epoch')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.session_epoch;
}

/** The epoch the session signed in at; a session from before epochs were kept counts as 0. */
export async function loginEpoch(db: Db, sessionUid: string): Promise<number> {
  const row = await db
    .selectFrom('account_logins')
    .select('epoch')
    .where('session_uid', '=', sessionUid)
    .executeTakeFirst();
  return row?.epoch ?? 0;
}

/**
 * Keeps the epoch a session signed in at, then tells whether that sign-in still stands (no end came
 * between the password check and now).
 */
export async function recordLogin(
  db: Db,
  login: { sessionUid: string; accountId: string; epoch: number },
  now = new Date(),
): Promise<boolean> {
  const expires_at = new Date(now.getTime() + LOGIN_TTL_S * 1000).toISOString();
  const values = { account_id: login.accountId, epoch: login.epoch, expires_at };
  // A login's epoch may be lost to a power cut (db/relaxed-commit.ts `losableWrite`): its session then
  // counts as made at epoch 0, refused once the account has ended any sign-in; never the other way.
  await losableWrite(db, (executor) =>
    executor
      .insertInto('account_logins')
      .values({ session_uid: login.sessionUid, ...values })
      .onConflict((oc) => oc.column('session_uid').doUpdateSet(values))
      .execute(),
  );
  return (await currentEpoch(db, login.accountId)) === login.epoch;
}

/**
 * Ends every session, grant, code and token of the account (a password reset, an email confirmed):
 * call it inside the transaction that makes the change.
 */
export async function endSessions(trx: Db, accountId: string): Promise<void> {
  await trx
    .updateTable('accounts')
    .set((eb) => ({ session_epoch: eb('session_epoch', '+', 1) }))
    .where('id', '=', accountId)
    .execute();
  await trx.deleteFrom('account_logins').where('account_id', '=', accountId).execute();
}

/** Deletes the epochs of expired sessions; returns how many. */
export async function purgeExpiredLogins(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('account_logins')
    .where('expires_at', '<', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
