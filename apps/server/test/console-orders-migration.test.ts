/**
 * Migration 013 on every test database: the emails queued before it are matched to their orders by
 * their dedupe keys, and `down` takes back everything it added (then `up` runs again cleanly).
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './test-app.ts';
import { orderRow } from '../src/features/orders/orders.factories.ts';
import { migrationProvider } from '../src/db/migrations/index.ts';

describe.each(DATABASE_KINDS)('migration 013 on %s', (kind) => {
  let database: TestDatabase;
  let migrator: Migrator;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    migrator = new Migrator({ db: database.db, provider: migrationProvider });
  });
  afterAll(async () => database?.drop());

  const columns = async (table: string) =>
    (await database.db.introspection.getTables())
      .find((t) => t.name === table)
      ?.columns.map((c) => c.name) ?? [];
  const indexes = async () =>
    kind === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'orders'`.execute(
            database.db,
          )
        ).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'orders'`.execute(
            database.db,
          )
        ).rows.map((r) => r.name);

  it('matches the emails queued before it to their orders, and goes down and up again', async () => {
    const down = await migrator.migrateTo('012-operators');
    expect(down.error).toBeUndefined();
    expect(await columns('email_outbox')).not.toContain('order_id');
    expect(await columns('order_refunds')).not.toContain('scope');
    expect((await database.db.introspection.getTables()).map((t) => t.name)).not.toContain(
      'order_notes',
    );
    expect(await indexes()).toContain('orders_created_idx');
    expect(await indexes()).not.toContain('orders_status_created_idx');

    // An order, and emails about it (and one about nothing) queued before 013.
    const order = orderRow({ payment_intent_id: 'pi_before_013' });
    const db = database.db;
    await db.insertInto('orders').values(order).execute();
    const email = (id: string, kind: string, dedupe: string) => ({
      id,
      kind,
      dedupe_key: dedupe,
      to_address: 'a@example.com',
      subject: 's',
      html: 'h',
      text: 't',
      status: 'logged',
      attempts: 1,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    await db
      .insertInto('email_outbox')
      .values([
        email('em_1', 'order-confirmation', 'order-confirmation:pi_before_013'),
        email('em_2', 'order-cancelled', `order-cancelled:${order.id}`),
        email('em_3', 'verify-email', 'verify-email:acct_1'),
      ])
      .execute();

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const rows = await database.db
      .selectFrom('email_outbox')
      .select(['id', 'order_id'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'em_1', order_id: order.id },
      { id: 'em_2', order_id: order.id },
      { id: 'em_3', order_id: null },
    ]);
    expect(await columns('order_refunds')).toEqual(expect.arrayContaining(['actor_id', 'scope']));
    expect(await indexes()).toEqual(
      expect.arrayContaining([
        'orders_created_id_idx',
        'orders_status_created_idx',
        'orders_payment_created_idx',
        'orders_status_payment_created_idx',
        'orders_email_search_idx',
      ]),
    );
    expect(await indexes()).not.toContain('orders_created_idx');
  });
});
