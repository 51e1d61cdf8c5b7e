/**
 * Migration 029 (shipping labels, decision 039) on every test database. It is numbered below 030 and
 * 031, which main ran first: a database that already has those still gets 029 from `migrateToLatest`
 * (unordered migrations allowed). Its partial unique index allows one live label per order, whatever
 * inserts it, and any number of refused or voided attempts beside it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './test-app.ts';
import { orderRow } from '../src/features/orders/orders.factories.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { outboundLabels } from '../src/db/migrations/029-outbound-labels.ts';
import type { Kysely } from 'kysely';

describe.each(DATABASE_KINDS)('migration 029 on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  const tables = async () => (await database.db.introspection.getTables()).map((t) => t.name);

  it('runs on a database that ran 030 and 031 before it', async () => {
    // The database as it was before 029 landed: 030 and 031 applied, no shipping labels.
    await outboundLabels.down!(database.db as unknown as Kysely<unknown>);
    await sql`delete from kysely_migration where name = '029-outbound-labels'`.execute(database.db);
    expect(await tables()).not.toContain('outbound_labels');
    const applied = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(database.db);
    expect(applied.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['030-tracking-events', '031-reconciliation']),
    );

    expect(await migrateToLatest(database.db)).toEqual(['029-outbound-labels']);
    expect(await tables()).toContain('outbound_labels');
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('allows one live label per order, and any number of refused or voided attempts', async () => {
    const order = orderRow();
    await database.db.insertInto('orders').values(order).execute();
    const at = new Date().toISOString();
    const label = (attempt: number, status: string) => ({
      id: `obl_${order.id}_${attempt}`,
      order_id: order.id,
      attempt,
      idempotency_key: `order:${order.id}:label:${attempt}`,
      status,
      provider: 'sandbox',
      operator: '{}',
      created_at: at,
      updated_at: at,
    });
    const insert = (attempt: number, status: string) =>
      database.db
        .insertInto('outbound_labels')
        .values(label(attempt, status) as never)
        .execute();
    await insert(1, 'refused');
    await insert(2, 'voided');
    await insert(3, 'bought');
    await expect(insert(4, 'buying')).rejects.toThrow();
    await expect(insert(5, 'voiding')).rejects.toThrow();
    await insert(6, 'refused');
    // The same key twice is refused too (the provider is asked with it).
    await expect(
      database.db
        .insertInto('outbound_labels')
        .values({
          ...label(7, 'refused'),
          idempotency_key: label(6, 'refused').idempotency_key,
        } as never)
        .execute(),
    ).rejects.toThrow();
  });
});
