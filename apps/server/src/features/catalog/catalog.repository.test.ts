/**
 * The price a bag is charged (catalog.repository.ts `findActiveProductPrice`), read in one statement:
 * the default price while it is active, else nothing; with no default, the oldest active price; an
 * inactive product has none. A bag of several lines of one shirt reads it once (price-bag.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementLog } from '../../../test/statement-log.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import { priceBag } from './price-bag.ts';
import { findActiveProductPrice } from './catalog.repository.ts';

describe.each(DATABASE_KINDS)('the price a bag is charged (%s)', (kind) => {
  let database: TestDatabase;
  const at = (minute: number) => `2026-11-29T10:${String(minute).padStart(2, '0')}:00.000Z`;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.db;
    await db
      .insertInto('products')
      .values(
        ['prod_a', 'prod_b', 'prod_off'].map((id) => ({
          id,
          name: id,
          description: '',
          category: 'shirts',
          active: id === 'prod_off' ? 0 : 1,
          images: '[]',
          default_price_id: null,
          weight_oz: 6,
          created_at: at(0),
          updated_at: at(0),
        })),
      )
      .execute();
    const price = (id: string, product: string, amount: number, minute: number, active = 1) => ({
      id,
      product_id: product,
      unit_amount: amount,
      currency: 'usd',
      active,
      created_at: at(minute),
    });
    await db
      .insertInto('prices')
      .values([
        price('price_a_old', 'prod_a', 4000, 1),
        price('price_a_new', 'prod_a', 4500, 2),
        price('price_b_old', 'prod_b', 3000, 1, 0),
        price('price_b_new', 'prod_b', 3500, 2),
        price('price_off', 'prod_off', 2000, 1),
      ])
      .execute();
    await db
      .insertInto('designs')
      .values({ name: 'alaska', title: 'Alaska', sort_order: 1, active: 1 })
      .execute();
  });
  afterAll(async () => database?.drop());

  const read = (id: string) => findActiveProductPrice(database.db, id);
  const setDefault = (product: string, price: string | null) =>
    database.db
      .updateTable('products')
      .set({ default_price_id: price })
      .where('id', '=', product)
      .execute();

  it('is the default price while it is active, and nothing once it is not', async () => {
    await setDefault('prod_a', 'price_a_new');
    expect(await read('prod_a')).toEqual({
      productId: 'prod_a',
      priceId: 'price_a_new',
      unitAmount: 4500,
    });
    await setDefault('prod_a', 'price_a_old');
    expect(await read('prod_a')).toEqual({
      productId: 'prod_a',
      priceId: 'price_a_old',
      unitAmount: 4000,
    });
    await setDefault('prod_b', 'price_b_old'); // inactive: no falling back to another price
    expect(await read('prod_b')).toBeUndefined();
  });

  it('with no default is the oldest active price; an inactive or unknown product has none', async () => {
    await setDefault('prod_b', null);
    expect(await read('prod_b')).toEqual({
      productId: 'prod_b',
      priceId: 'price_b_new',
      unitAmount: 3500,
    });
    await setDefault('prod_a', null);
    expect(await read('prod_a')).toEqual({
      productId: 'prod_a',
      priceId: 'price_a_old',
      unitAmount: 4000,
    });
    expect(await read('prod_off')).toBeUndefined();
    expect(await read('prod_none')).toBeUndefined();
  });

  it('is read once for a bag of several lines of one shirt', async () => {
    await setDefault('prod_a', 'price_a_new');
    const log = statementLog();
    const line = (size: string, quantity: number) => ({
      productId: 'prod_a',
      design: 'alaska',
      size,
      position: 'Front' as const,
      quantity,
    });
    await database.db
      .insertInto('inventory')
      .values(
        ['mdr', 'lgr'].map((size) => ({
          product_id: 'prod_a',
          size,
          stock: null,
          out_of_stock: 0,
          updated_at: at(0),
        })),
      )
      .execute();
    const priced = await priceBag(database.db.withPlugin(log.plugin), [
      line('mdr', 1),
      line('lgr', 2),
    ]);
    expect(priced).toMatchObject({ ok: true, subtotal: 3 * 4500, quantity: 3 });
    // The designs, the product's price, its stock.
    expect(log.statements).toEqual(['Select', 'Select', 'Select']);
  });
});
