/**
 * Migration 017 on every test database: a shop that already has the shirt gets its facts, and down
 * removes the table (up runs again).
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIRT_FACTS } from '@sunward/core/product-facts';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID, seed } from '../seed.ts';
import { migrationProvider } from './index.ts';

describe.each(DATABASE_KINDS)('migration 017 on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seed(database.db);
  });
  afterAll(async () => database?.drop());

  const migrator = () => new Migrator({ db: database.db, provider: migrationProvider });
  const tables = async () => (await database.db.introspection.getTables()).map((t) => t.name);

  it('gives the shirt of an existing shop its facts, and goes down and up again', async () => {
    const down = await migrator().migrateTo('016-console-inbox');
    expect(down.error).toBeUndefined();
    expect(await tables()).not.toContain('product_facts');

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    const row = await database.db.selectFrom('product_facts').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ product_id: SHIRT_PRODUCT_ID, ...SHIRT_FACTS, version: 0 });
  });
});
