/**
 * Backups of the embedded SQLite database (issue 27 item 4): the newest BACKUP_KEEP are kept, a
 * restore refuses a database in use and a file that is not a backup. Taken while shoppers check out:
 * test/backups.test.ts; the schedule: plugins/database-backups.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backupSqlite,
  defaultBackupDir,
  integrityOf,
  listBackups,
  restoreSqlite,
  sqliteFileOf,
  sqliteInUse,
} from './backup.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { openSqliteFile } from './sqlite-driver.ts';

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'shop-backup-test-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('backups kept and restored', () => {
  let source: string;
  beforeAll(async () => {
    source = path.join(scratch, 'kept', 'shop.db');
    const handle = await openDatabase(`sqlite:${source}`);
    await migrateToLatest(handle.db);
    await handle.close();
  });

  it('keeps the newest BACKUP_KEEP, named by their time', () => {
    const dir = defaultBackupDir(source);
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 17, minute));
    for (const minute of [0, 1, 2, 3]) backupSqlite(source, { dir, keep: 2, now: at(minute) });
    expect(listBackups(source, dir).map((f) => path.basename(f))).toEqual([
      'shop-20261128T170200Z.db',
      'shop-20261128T170300Z.db',
    ]);
  });

  let open: ReturnType<typeof openSqliteFile> | undefined;
  afterEach(() => {
    open?.close();
    open = undefined;
  });

  it('refuses to restore over a database a process has open, unless forced', () => {
    const [backup] = listBackups(source, defaultBackupDir(source));
    const target = path.join(scratch, 'in-use', 'shop.db');
    expect(restoreSqlite(backup!, target).ok).toBe(true);
    // A running shop: a connection in WAL mode that has read the database.
    open = openSqliteFile(target);
    open.pragma('journal_mode = WAL');
    open.prepare('select count(*) from orders').get();
    expect(sqliteInUse(target)).toBe(true);
    expect(restoreSqlite(backup!, target)).toMatchObject({ ok: false, reason: 'in_use' });
    open.close();
    open = undefined;
    expect(sqliteInUse(target)).toBe(false);
    expect(restoreSqlite(backup!, target)).toEqual({ ok: true, replaced: true });
    open = openSqliteFile(target);
    open.pragma('journal_mode = WAL');
    open.prepare('select 1').get();
    expect(restoreSqlite(backup!, target, true)).toEqual({ ok: true, replaced: true });
  });

  it('refuses a file that is not a database, and changes nothing', () => {
    const target = path.join(scratch, 'kept-as-is', 'shop.db');
    const [backup] = listBackups(source, defaultBackupDir(source));
    expect(restoreSqlite(backup!, target).ok).toBe(true);
    const junk = path.join(scratch, 'junk.db');
    writeFileSync(
      junk,
      'not a database at all, but long enough to look like one to a careless tool',
    );
    expect(restoreSqlite(junk, target)).toMatchObject({ ok: false, reason: 'not_a_backup' });
    expect(restoreSqlite(path.join(scratch, 'missing.db'), target)).toMatchObject({
      ok: false,
      reason: 'not_a_backup',
    });
    expect(integrityOf(target)).toBe('ok');
  });
});

describe('the database file of a URL', () => {
  it('is none on PostgreSQL or in memory', () => {
    expect(sqliteFileOf('postgres://u@h/db')).toBeNull();
    expect(sqliteFileOf(':memory:')).toBeNull();
    expect(sqliteFileOf('sqlite::memory:')).toBeNull();
    expect(sqliteFileOf('sqlite:data/shop.db')).toBe(path.resolve('data/shop.db'));
  });
});
