/**
 * Backups of the embedded SQLite database (issue 27 item 4, docs/decisions/036). A backup is
 * `VACUUM INTO` on a read-only connection of its own: one read transaction, so the copy is the database
 * as committed at one instant (WAL mode: the shop's writes go on meanwhile), compacted, written to a
 * partial file, checked (`PRAGMA integrity_check`) and only then renamed to its name, so a file named
 * as a backup is always a whole one. The newest `keep` are kept.
 *
 * A restore puts a backup in place of the database file, refusing while any process has the database
 * open (unless forced): in WAL mode the last connection to close deletes the `-wal` file, so a
 * connection opened and closed here that leaves it behind was not the last.
 *
 * PostgreSQL is backed up with its own tools (pg_dump, pg_restore): the README's procedure.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { openSqliteFile } from './sqlite-driver.ts';

/** The database file of a `sqlite:` URL; null for PostgreSQL and `:memory:`. */
export function sqliteFileOf(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('sqlite:')) return null;
  const file = databaseUrl.slice('sqlite:'.length);
  return file === ':memory:' ? null : path.resolve(file);
}

/** Where the backups of `file` go by default: `backups/` beside it. */
export function defaultBackupDir(file: string): string {
  return path.join(path.dirname(file), 'backups');
}

/** `shop-20261128T170000Z.db`: the database's name and the backup's time (UTC), sortable. */
function backupName(file: string, at: Date): string {
  const { name, ext } = path.parse(file);
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `${name}-${stamp}${ext || '.db'}`;
}

/** The backups of `file` in `dir`, oldest first. */
export function listBackups(file: string, dir: string): string[] {
  if (!existsSync(dir)) return [];
  const { name, ext } = path.parse(file);
  const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped(name)}-\\d{8}T\\d{6}Z${escaped(ext || '.db')}$`);
  return readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

/** `ok`, or what SQLite's integrity check found (a file that is not a database says so too). */
export function integrityOf(file: string): string {
  try {
    const db = openSqliteFile(file, { readonly: true, fileMustExist: true });
    try {
      const rows = db.pragma('integrity_check') as { integrity_check: string }[];
      return rows.map((r) => r.integrity_check).join('; ');
    } finally {
      db.close();
    }
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** Older backups deleted to keep `keep`. */
  removed: string[];
}

/** Backs `file` up into `dir` (see the top of this file) and keeps the newest `keep`. */
export function backupSqlite(
  file: string,
  options: { dir: string; keep: number; now?: Date },
): BackupResult {
  const started = Date.now();
  mkdirSync(options.dir, { recursive: true });
  const target = path.join(options.dir, backupName(file, options.now ?? new Date()));
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const source = openSqliteFile(file, { readonly: true, fileMustExist: true });
  try {
    source.prepare('VACUUM INTO ?').run(partial);
  } finally {
    source.close();
  }
  const integrity = integrityOf(partial);
  if (integrity !== 'ok') {
    rmSync(partial, { force: true });
    throw new Error(`The backup of ${file} failed its integrity check: ${integrity}`);
  }
  renameSync(partial, target);
  const removed = listBackups(file, options.dir).filter((f) => f !== target);
  const extra = removed.slice(0, Math.max(0, removed.length - (options.keep - 1)));
  for (const old of extra) rmSync(old, { force: true });
  return { file: target, bytes: statSync(target).size, ms: Date.now() - started, removed: extra };
}

/** Whether another connection has `file` open (see the top of this file). */
export function sqliteInUse(file: string): boolean {
  if (!existsSync(`${file}-wal`)) return false;
  const db = openSqliteFile(file, { fileMustExist: true });
  try {
    db.prepare('select 1').get();
  } finally {
    db.close();
  }
  return existsSync(`${file}-wal`);
}

export type RestoreResult =
  | { ok: true; replaced: boolean }
  | { ok: false; reason: 'in_use' | 'not_a_backup'; message: string };

/**
 * Puts `backup` in place of `file`: checked first, copied beside it, flushed to disk, then renamed
 * over it with the old `-wal` and `-shm` gone (a log of the old database must never be replayed
 * onto the restored one). Refused while the database is open elsewhere, unless `force`.
 */
export function restoreSqlite(backup: string, file: string, force = false): RestoreResult {
  const integrity = existsSync(backup) ? integrityOf(backup) : 'no such file';
  if (integrity !== 'ok') {
    return { ok: false, reason: 'not_a_backup', message: `${backup}: ${integrity}` };
  }
  const replaced = existsSync(file);
  if (replaced && !force && sqliteInUse(file)) {
    return {
      ok: false,
      reason: 'in_use',
      message: `${file} is open in a running shop: stop it first (or pass --force to replace it anyway).`,
    };
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const incoming = `${file}.restoring`;
  copyFileSync(backup, incoming);
  const fd = openSync(incoming, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  rmSync(`${file}-wal`, { force: true });
  rmSync(`${file}-shm`, { force: true });
  renameSync(incoming, file);
  return { ok: true, replaced };
}
