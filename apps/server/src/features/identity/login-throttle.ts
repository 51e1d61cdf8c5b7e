/**
 * Slows repeated failed sign-ins, per account (by the email typed, known or not) and per client IP,
 * with counters in the database so every process sees them. After FREE failures each further one
 * blocks the key for a delay that doubles from 30 s up to 15 minutes; a key with no failure for an
 * hour starts again from zero. Nothing locks an account for good.
 */
import type { Db } from '../../db/database.ts';

export interface ThrottleRule {
  /** Failures allowed before the delays start. */
  free: number;
}
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
