/**
 * The README's PostgreSQL backup procedure, run as written (issue 27 item 4): `pg_dump --format=custom`
 * of a shop's database while it takes orders, `pg_restore --no-owner` into a new database, and the
 * restored one holds every order acknowledged before the dump began, every table's rows as dumped, and
 * needs no migration. Runs where the PostgreSQL suite runs (CI: REQUIRE_POSTGRES=1).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_KINDS, type TestApp } from './test-app.ts';
import { asPostgresAdmin, postgresUrl } from './global-setup.ts';
import { placeOrder } from '../src/features/checkout/checkout.factories.ts';
import { openDatabase, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const run = promisify(execFile);
const pgUrl = process.env.TEST_DATABASE_URL;

/** Rows per table of the shop's schema (public), by table name. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const result = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(table_name)}`.execute(db);
    counts[table_name] = Number(result.rows[0]!.n);
  }
  return counts;
}

describe.runIf(DATABASE_KINDS.includes('postgres'))('the PostgreSQL backup procedure', () => {
  let t: TestApp;
  let dir: string;
  const restoredName = `shop_restored_${Date.now().toString(36)}`;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    dir = mkdtempSync(path.join(tmpdir(), 'shop-pg-backup-'));
  });
  afterAll(async () => {
    await t?.close();
    if (pgUrl) await asPostgresAdmin(pgUrl, `DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('pg_dump while orders are placed, pg_restore into a new database: every acknowledged order is there', async () => {
    const before = [
      (await placeOrder(t)).order.orderNumber,
      (await placeOrder(t)).order.orderNumber,
    ];
    const dump = path.join(dir, 'shop.dump');
    const first = await rowCounts(t.database.db);
    // An order placed while pg_dump runs: it reads one snapshot, so the copy is whole either way.
    const during = placeOrder(t);
    await run('pg_dump', ['--format=custom', `--file=${dump}`, t.database.url]);
    await during;
    const last = await rowCounts(t.database.db);

    await asPostgresAdmin(pgUrl!, `CREATE DATABASE ${restoredName}`);
    const restoredUrl = postgresUrl(pgUrl!, restoredName);
    await run('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);

    const restored = await openDatabase(restoredUrl);
    try {
      const numbers = new Set(
        (await restored.db.selectFrom('orders').select('order_number').execute()).map(
          (r) => r.order_number,
        ),
      );
      expect(before.filter((n) => !numbers.has(n))).toEqual([]);
      const counts = await rowCounts(restored.db);
      expect(Object.keys(counts)).toEqual(Object.keys(first));
      // The order's tables hold what was there when the dump began, and at most what came during it.
      for (const table of ['orders', 'order_items', 'order_events', 'checkouts']) {
        expect(counts[table], table).toBeGreaterThanOrEqual(first[table]!);
        expect(counts[table], table).toBeLessThanOrEqual(last[table]!);
      }
      for (const table of ['products', 'designs', 'inventory', 'kysely_migration']) {
        expect(counts[table], table).toBe(first[table]);
      }
      expect(await migrateToLatest(restored.db)).toEqual([]);
    } finally {
      await restored.close();
    }
  });
});
