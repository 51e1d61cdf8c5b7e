/**
 * Migration 036 on every test database: a shop that already has the shirt gets the spec's size guide,
 * the UPF standard fact, and the weight in GSM where its weight is still the seeded text (an
 * operator's own text stays); down removes what it added (up runs again).
 */
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIRT_FACTS } from '@sunward/core/product-facts';
import { SPEC_SIZE_GUIDE } from '@sunward/core/size-guide';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID, seed } from '../seed.ts';
import { migrationProvider } from './index.ts';

describe.each(DATABASE_KINDS)('migration 036 on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seed(database.db);
  });
  afterAll(async () => database?.drop());

  const migrator = () => new Migrator({ db: database.db, provider: migrationProvider });
  const tables = async () => (await database.db.introspection.getTables()).map((t) => t.name);

  it.each([
    [
      'the seeded weight',
      'About 5.3 oz in size MD (about 6 oz packed for shipping).',
      SHIRT_FACTS.weight,
    ],
    ['an operator’s weight', 'Feather light.', 'Feather light.'],
  ])('gives an existing shop the size guide and the standard; %s', async (_name, weight, after) => {
    const down = await migrator().migrateTo('034-bag-reminders');
    expect(down.error).toBeUndefined();
    expect(await tables()).not.toContain('size_measurements');
    expect(await tables()).not.toContain('back_in_stock_requests');
    await (database.db as unknown as Kysely<{ product_facts: { weight: string } }>)
      .updateTable('product_facts')
      .set({ weight })
      .execute();

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    const rows = await database.db
      .selectFrom('size_measurements')
      .selectAll()
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .execute();
    expect(
      rows
        .map((r) => ({
          size: r.size,
          width: Number(r.width_in),
          length: Number(r.length_in),
          sleeve: Number(r.sleeve_in),
        }))
        .sort((a, b) => a.size.localeCompare(b.size)),
    ).toEqual([...SPEC_SIZE_GUIDE].sort((a, b) => a.size.localeCompare(b.size)));
    const facts = await database.db
      .selectFrom('product_facts')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(facts).toMatchObject({ standard: SHIRT_FACTS.standard, weight: after });
    expect(await tables()).toContain('back_in_stock_requests');
  });
});
