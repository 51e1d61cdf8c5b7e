/**
 * A backup of the embedded SQLite database taken while shoppers check out (issue 27 item 4) restores
 * to a database that passes SQLite's integrity check, holds every order acknowledged before it began
 * and nothing the shop had not committed, and needs no migration. The PostgreSQL procedure:
 * test/backup-postgres.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqlite, integrityOf, restoreSqlite, sqliteFileOf } from '../src/db/backup.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { placeOrder } from '../src/features/checkout/checkout.factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'shop-backup-test-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Order numbers in the database at `file`. */
async function orderNumbers(file: string): Promise<Set<string>> {
  const handle = await openDatabase(`sqlite:${file}`);
  try {
    const rows = await handle.db.selectFrom('orders').select('order_number').execute();
    return new Set(rows.map((r) => r.order_number));
  } finally {
    await handle.close();
  }
}

describe('a backup of the shop while it takes orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('restores to a database that passes the integrity check and holds every order acknowledged before it began', async () => {
    const file = sqliteFileOf(t.database.url)!;
    const acknowledged: string[] = [];
    let stop = false;
    // Three shoppers checking out one after another, all the time the backup runs.
    const shoppers = Array.from({ length: 3 }, async () => {
      while (!stop) acknowledged.push((await placeOrder(t)).order.orderNumber);
    });
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
    const before = [...acknowledged];
    const done = backupSqlite(file, { dir: path.join(scratch, 'live'), keep: 5 });
    // Orders go on being placed after it: the backup does not stop the shop.
    const at = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(at);
    stop = true;
    await Promise.all(shoppers);

    const restored = path.join(scratch, 'restored', 'shop.db');
    expect(restoreSqlite(done.file, restored)).toEqual({ ok: true, replaced: false });
    expect(integrityOf(restored)).toBe('ok');
    const inBackup = await orderNumbers(restored);
    expect(before.filter((n) => !inBackup.has(n))).toEqual([]);
    // A consistent copy at one instant: nothing the shop had not committed, and a usable database.
    const now = await orderNumbers(file);
    expect([...inBackup].filter((n) => !now.has(n))).toEqual([]);
    const handle = await openDatabase(`sqlite:${restored}`);
    try {
      expect(await migrateToLatest(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
