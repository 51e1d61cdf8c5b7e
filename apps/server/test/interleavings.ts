/**
 * For tests that race two requests: rather than starting the second "a few ms" after the first (which
 * takes a different path on a busy machine), a test puts it at a named step of the first, so the order
 * is the test's and every run takes the same path.
 */
import { sql, type Transaction } from 'kysely';
import { expect, vi } from 'vitest';
import type { Database, Db } from '../src/db/database.ts';

/**
 * Runs `step` just before each transaction on `db` begins (nothing taken yet: no row lock, and on
 * SQLite not the one connection), until `step` answers true. Transactions begun while `step` runs (its
 * own, say) go ahead at once. Answers the function that stops it.
 */
export function beforeTransactions(db: Db, step: () => Promise<boolean>): () => void {
  const begin = db.transaction.bind(db);
  let done = false;
  let running = false;
  const spy = vi.spyOn(db, 'transaction').mockImplementation(() => {
    const builder = begin();
    if (done || running) return builder;
    const execute = builder.execute.bind(builder);
    builder.execute = async <T>(callback: (trx: Transaction<Database>) => Promise<T>) => {
      if (!done && !running) {
        running = true;
        try {
          done = await step();
        } finally {
          running = false;
        }
      }
      return execute(callback);
    };
    return builder;
  });
  return () => spy.mockRestore();
}

/**
 * Resolves once another connection to this PostgreSQL database waits on a lock (a row lock a
 * transaction of the test holds). On SQLite a second transaction queues on the one connection instead,
 * where nothing can be seen from outside; callers do not wait there.
 */
export async function someoneWaitsOnLock(db: Db): Promise<void> {
  const waiting = async () => {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    return Number(rows[0]!.n);
  };
  await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThan(0);
}
