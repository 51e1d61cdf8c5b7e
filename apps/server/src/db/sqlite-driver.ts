/**
 * The SQLite driver for the Node that runs the shop (decision 015):
 * - Node 22 and later: better-sqlite3 13 (installed as `better-sqlite3-napi`), built on Node-API and
 *   shipped prebuilt, so nothing compiles. Version 12 aborts on Node 24 when the garbage collector
 *   frees a statement after the environment is gone (`RemoveEnvironmentCleanupHook ... (env) !=
 *   nullptr`: Node 24's ObjectWrap removes a cleanup hook in its destructor);
 * - Node 20: better-sqlite3 12, compiled at install (13's Node-API 10 binary crashes Node 20).
 * Both have the same API; the types are 12's.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteConstructor = typeof BetterSqlite3;

/** Node 22 is the first with the Node-API version better-sqlite3 13 is built for. */
export const NAPI_DRIVER_FROM_NODE = 22;

export function sqliteDriverName(nodeVersion = process.versions.node): string {
  const major = Number(nodeVersion.split('.')[0]);
  return major >= NAPI_DRIVER_FROM_NODE ? 'better-sqlite3-napi' : 'better-sqlite3';
}

let driver: SqliteConstructor | undefined;

/** The driver's Database class (loaded once, synchronously, on first use). */
export function sqliteDriver(): SqliteConstructor {
  driver ??= createRequire(import.meta.url)(sqliteDriverName()) as SqliteConstructor;
  return driver;
}

/** Opens a database file with the driver for this Node. */
export function openSqliteFile(file: string, options?: BetterSqlite3.Options): SqliteDatabase {
  const Database = sqliteDriver();
  return new Database(file, options);
}
