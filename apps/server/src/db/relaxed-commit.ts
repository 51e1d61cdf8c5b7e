/**
 * Writes that may be lost to a power cut, committed on SQLite without waiting for the disk.
 *
 * The shop's SQLite runs `synchronous = FULL` (docs/decisions/002): every commit is an fsync, a few
 * milliseconds during which better-sqlite3 holds the event loop. Some writes can afford to be lost
 * to a power cut because losing one only repeats work: a rate limit's count, a job's claim (the job is
 * claimed again) or its completion (it runs again; handlers are idempotent, decision 029). Those
 * commit with `synchronous = NORMAL`, and the connection's own level is restored after. In WAL mode a
 * NORMAL commit stays consistent and the next FULL commit makes it durable too (the log is written in
 * order), so a write the shop must keep is never behind one it may lose. Kysely's SQLite driver lends
 * the one connection to one caller at a time, so no transaction is open while the level is lowered.
 */
import { sql } from 'kysely';
import { isPostgres, type Db } from './database.ts';

/** Runs each write given to it on the one connection with `synchronous = NORMAL` (SQLite only). */
export function relaxedCommits(db: Db): <T>(write: (connection: Db) => Promise<T>) => Promise<T> {
  let level: number | undefined;
  return (write) =>
    db.connection().execute(async (connection) => {
      level ??= (await sql<{ synchronous: number }>`pragma synchronous`.execute(connection))
        .rows[0]!.synchronous;
      await sql`pragma synchronous = normal`.execute(connection);
      try {
        return await write(connection);
      } finally {
        await sql.raw(`pragma synchronous = ${Number(level)}`).execute(connection);
      }
    });
}

const relaxers = new WeakMap<Db, ReturnType<typeof relaxedCommits>>();

/**
 * A write whose loss to a power cut only repeats work or forgets something short-lived (a checkout's
 * update lease, the sandbox's intent before its checkout is written, a webhook's de-duplication record
 * written after its handling): relaxed on SQLite, as above; as any other write on PostgreSQL, where
 * waiting for the disk holds only the request that writes (and commits share their flushes), not the
 * whole process. Inside a transaction it is just part of that transaction.
 */
export function losableWrite<T>(db: Db, write: (executor: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction || isPostgres(db)) return write(db);
  let relaxed = relaxers.get(db);
  if (!relaxed) relaxers.set(db, (relaxed = relaxedCommits(db)));
  return relaxed(write);
}
