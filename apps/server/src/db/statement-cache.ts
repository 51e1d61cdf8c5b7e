/**
 * SQLite statements compiled once per SQL text and run many times, as better-sqlite3 is meant to be used.
 *
 * Kysely's SQLite driver calls `prepare(sql)` for every query it runs, so each query is parsed and
 * planned by SQLite again: 6% of the shop's CPU on the checkout bench (bench/checkout.bench.mjs,
 * `BENCH_CPU_PROF`), for SQL texts that repeat (Kysely binds values as parameters, so a query's text
 * depends on its shape, not its values). better-sqlite3 statements are reusable: each run binds its
 * own parameters, and SQLite prepares a statement again by itself when the schema it read changes (a
 * migration). A statement still being iterated (a streamed select) is busy: the caller then gets a
 * fresh one. The least recently used texts leave the cache past `max`.
 */
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { SqliteDatabase } from './sqlite-driver.ts';

/** Distinct SQL texts kept (a query's shape, e.g. an `in` list of each length, is its own text). */
export const STATEMENTS_KEPT = 500;

type Statement = ReturnType<SqliteDatabase['prepare']>;

export function withStatementCache(
  database: SqliteDatabase,
  max = STATEMENTS_KEPT,
): KyselySqliteDatabase {
  const statements = new LRUCache<string, Statement>({ max });
  return {
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const statement = database.prepare(sql);
      if (!kept) statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
