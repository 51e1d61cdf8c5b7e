/**
 * What a database error means for the caller, from the driver's own codes (pg's SQLSTATE, Node's socket
 * errors, better-sqlite3's SQLITE_*):
 * - `transient`: two transactions collided (a serialization failure or deadlock on PostgreSQL, SQLite
 *   busy or locked); the same transaction run again may well succeed;
 * - `unreachable`: the database cannot be reached or cannot take writes now (connection refused or
 *   lost, the server shutting down, too many connections, disk I/O or disk full); nothing can be
 *   recorded, so the caller can only answer "try again later";
 * - `other`: the statement itself failed (a constraint, a trigger, a defect): running it again gives
 *   the same.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export type DbErrorKind = 'transient' | 'unreachable' | 'other';

const TRANSIENT = /^(40001|40P01|SQLITE_BUSY|SQLITE_LOCKED)/;
/** SQLSTATE class 08 (connection), 57P01-03 (shutdown), 53300 (too many connections); SQLite's I/O. */
const UNREACHABLE =
  /^(08|57P0[123]$|53300$|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|SQLITE_(CANTOPEN|IOERR|FULL))/;

/** The driver's code of a database error (pg's SQLSTATE, better-sqlite3's SQLITE_*), or ''. */
function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** PostgreSQL's lock_not_available: a NOWAIT lock found the row held by another transaction. */
export function isLockNotAvailable(error: unknown): boolean {
  return errorCode(error) === '55P03';
}

/** A primary or unique key refused the write (SQLite or PostgreSQL): another request got there first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

export function dbErrorKind(error: unknown): DbErrorKind {
  const code = errorCode(error);
  if (TRANSIENT.test(code)) return 'transient';
  if (UNREACHABLE.test(code)) return 'unreachable';
  return 'other';
}

/**
 * Runs `attempt` (a whole transaction) again after a transient error, up to `attempts` times in all,
 * each time after a short random pause so the two colliding transactions do not collide again. Any
 * other error, or a transient one on the last attempt, is thrown.
 */
export async function retryTransient<T>(
  attempt: () => Promise<T>,
  onRetry: (error: unknown, attemptNo: number) => void,
  attempts = 3,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= attempts || dbErrorKind(error) !== 'transient') throw error;
      onRetry(error, n);
      await sleep(Math.random() * 20 * n);
    }
  }
}
