/**
 * Slows repeated failed password checks (sign-in, confirming an email), with counters in the database so
 * every process sees them. Keyed per account AND source (the email typed, known or not, with the client
 * IP), and per source: a stranger's wrong passwords slow down the stranger, never the account's owner
 * signing in from elsewhere (issue 23; docs/decisions/026). After FREE failures each further one blocks
 * the key for a delay that doubles from 30 s up to 15 minutes; a key with no failure for an hour starts
 * again from zero. Nothing locks an account for good.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface ThrottleRule {
  /** Failures allowed before the delays start. */
  free: number;
}
/** One account from one source: a person mistyping, or someone guessing from one address. */
export const ACCOUNT_RULE: ThrottleRule = { free: 5 };
/** Higher: many shoppers may share one address (an office, a mobile carrier's NAT). */
export const IP_RULE: ThrottleRule = { free: 20 };

const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 15 * 60_000;
const FORGET_AFTER_MS = 60 * 60_000;

export function delayAfter(failures: number, rule: ThrottleRule): number {
  if (failures < rule.free) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - rule.free), MAX_DELAY_MS);
}

export function retryMessage(retryAfterSeconds: number): string {
  const when =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? '' : 's'}`;
  return `Too many attempts. Try again in ${when}.`;
}

/** Seconds until the most blocked of `keys` may try again; 0 when none is blocked. */
export async function blockedFor(db: Db, keys: string[], now = new Date()): Promise<number> {
  const rows = await db
    .selectFrom('login_throttle')
    .select('blocked_until')
    .where('key', 'in', keys)
    .execute();
  let until = 0;
  for (const row of rows) {
    if (row.blocked_until) until = Math.max(until, Date.parse(row.blocked_until));
  }
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** Counts a failure for `key`; returns the seconds it is now blocked for (0 when not). */
export async function recordFailure(
  db: Db,
  key: string,
  rule: ThrottleRule,
  now = new Date(),
): Promise<number> {
  const row = await db
    .selectFrom('login_throttle')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
  const stale = !row || now.getTime() - Date.parse(row.last_failure_at) > FORGET_AFTER_MS;
  const failures = (stale ? 0 : row.failures) + 1;
  const delay = delayAfter(failures, rule);
  const values = {
    failures,
    last_failure_at: now.toISOString(),
    blocked_until: delay ? new Date(now.getTime() + delay).toISOString() : null,
  };
  await db
    .insertInto('login_throttle')
    .values({ key, ...values })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .execute();
  return Math.ceil(delay / 1000);
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** The counters one password check is slowed by: the account from this source, and the source. */
export interface PasswordKeys {
  pair: string;
  source: string;
}

const pairPrefix = (email: string) => `account-ip:${email}|`;

/** `email` lowercase; an IP never holds `|`, so the pair key is unambiguous. */
export function passwordKeys(email: string, ip: string): PasswordKeys {
  return { pair: `${pairPrefix(email)}${ip}`, source: `ip:${ip}` };
}

/** The message to show when either counter blocks a try now; undefined when it may go ahead. */
export async function checkThrottle(db: Db, keys: PasswordKeys): Promise<string | undefined> {
  const wait = await blockedFor(db, [keys.pair, keys.source]);
  return wait > 0 ? retryMessage(wait) : undefined;
}

/** Counts a wrong password on both counters; the message when that blocks the next try. */
export async function countFailure(db: Db, keys: PasswordKeys): Promise<string | undefined> {
  const blocked = Math.max(
    await recordFailure(db, keys.pair, ACCOUNT_RULE),
    await recordFailure(db, keys.source, IP_RULE),
  );
  return blocked > 0 ? retryMessage(blocked) : undefined;
}

/** A right password: this source's failures on the account are forgotten (the source's stay). */
export async function forgiveFailures(db: Db, keys: PasswordKeys): Promise<void> {
  await clearFailures(db, keys.pair);
}

/** A new password: every source's failures on the account are forgotten. */
export async function forgiveAccount(db: Db, email: string): Promise<void> {
  const pattern = `${pairPrefix(email).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db
    .deleteFrom('login_throttle')
    .where(sql<boolean>`${sql.ref('key')} like ${pattern} escape '\\'`)
    .execute();
}
