import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { migrateToLatest } from './migrate.ts';
import { SHIRT_PRODUCT_ID, seed } from './seed.ts';

describe.each(DATABASE_KINDS)('migrations and seed on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  it('re-running migrations applies nothing', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('seeds the catalogue once: product, price, 30 designs, 10 sizes, settings', async () => {
    const inserted = await seed(database.db);
    // 1 product + 1 price + 30 designs + 10 sizes + 3 settings (at least: checkout adds its own)
    expect(inserted).toBeGreaterThanOrEqual(45);
    const db = database.db;
    expect(await db.selectFrom('designs').select('name').execute()).toHaveLength(30);
    expect(
      await db
        .selectFrom('inventory')
        .select('size')
        .where('product_id', '=', SHIRT_PRODUCT_ID)
        .execute(),
    ).toHaveLength(10);
    const price = await db.selectFrom('prices').selectAll().executeTakeFirstOrThrow();
    expect(price.unit_amount).toBe(4500);
    const settings = Object.fromEntries(
      (await db.selectFrom('settings').selectAll().execute()).map((r) => [
        r.key,
        JSON.parse(r.value),
      ]),
    );
    expect(settings).toMatchObject({
      companyZipCode: '28202',
      freeShippingTarget: 10000,
      shopName: 'Sunward',
    });
  });

  it('is idempotent and never overwrites what an operator changed', async () => {
    await database.db
      .updateTable('settings')
      .set({ value: JSON.stringify(12000) })
      .where('key', '=', 'freeShippingTarget')
      .execute();
    await database.db
      .updateTable('designs')
      .set({ title: 'Alaska Aurora' })
      .where('name', '=', 'alaska')
      .execute();
    expect(await seed(database.db)).toBe(0);
    const target = await database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'freeShippingTarget')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(target.value)).toBe(12000);
    const alaska = await database.db
      .selectFrom('designs')
      .select('title')
      .where('name', '=', 'alaska')
      .executeTakeFirstOrThrow();
    expect(alaska.title).toBe('Alaska Aurora');
  });
});
