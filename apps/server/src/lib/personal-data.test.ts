/**
 * The personal-data registry (personal-data.ts): parts locate and export in their stated order
 * whatever order they registered in, each seeing what earlier ones added to the person; the erasure
 * scrubs kept text first, erases the records, then the parts that say who the person is in reverse,
 * and answers the counts in that order; a table or an order taken twice is refused. On every test
 * database, the app's own parts plus one that throws last roll the whole erasure back: nothing of the
 * person is erased.
 */
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Database } from '../db/database.ts';
import {
  definePart,
  KEPT_TEXT_COUNT,
  PersonalData,
  type PersonalDataPart,
} from './personal-data.ts';

describe('the personal-data registry', () => {
  const calls: string[] = [];
  const part = (feature: string, order: number, saysWho = false): PersonalDataPart<string> =>
    definePart({
      feature,
      tables: [`${feature}_rows`],
      order,
      saysWho,
      async locate(_db, person) {
        calls.push(`locate ${feature} after ${person.subjects.join(',')}`);
        person.subjects.push(feature);
        return `${feature}'s`;
      },
      identifiers: () => [`${feature} person`],
      async export(_db, found, document) {
        calls.push(`export ${feature} after ${Object.keys(document).join(',')}`);
        return { [feature]: found };
      },
      async scrubKept(_trx, _found, { scrub }) {
        calls.push(`scrub ${feature}: ${scrub(`a note on ${feature} person`)}`);
        return 1;
      },
      async erase(_trx, found) {
        calls.push(`erase ${found}`);
        return { [`${feature}Rows`]: 1, shared: order };
      },
    });
  const trx = {} as Transaction<Database>;
  const db = {} as Database as never;

  it('runs the parts in their order, the ones that say who the person is erased last', async () => {
    calls.length = 0;
    const registry = new PersonalData();
    registry.register(part('orders', 30));
    registry.register(part('customers', 10, true));
    registry.register(part('support', 90));
    registry.register(part('identity', 20, true));
    expect(registry.parts.map((p) => p.feature)).toEqual([
      'customers',
      'identity',
      'orders',
      'support',
    ]);

    const located = await registry.locate(db, 'cus_1');
    expect(located.person.subjects).toEqual(['customers', 'identity', 'orders', 'support']);
    expect(await registry.export(db, located)).toEqual({
      customers: "customers's",
      identity: "identity's",
      orders: "orders's",
      support: "support's",
    });
    const erased = await registry.erase(trx, located, '2026-11-28T00:00:00.000Z');
    expect(Object.keys(erased)).toEqual([
      'ordersRows',
      'shared',
      'supportRows',
      'identityRows',
      'customersRows',
      KEPT_TEXT_COUNT,
    ]);
    expect(erased).toMatchObject({ shared: 30 + 90 + 20 + 10, [KEPT_TEXT_COUNT]: 4 });
    expect(calls).toEqual([
      'locate customers after ',
      'locate identity after customers',
      'locate orders after customers,identity',
      'locate support after customers,identity,orders',
      'export customers after ',
      'export identity after customers',
      'export orders after customers,identity',
      'export support after customers,identity,orders',
      'scrub customers: a note on [erased]',
      'scrub identity: a note on [erased]',
      'scrub orders: a note on [erased]',
      'scrub support: a note on [erased]',
      "erase orders's",
      "erase support's",
      "erase identity's",
      "erase customers's",
    ]);
  });

  it('refuses a table or an order that another part has', () => {
    const registry = new PersonalData();
    registry.register(part('orders', 30));
    expect(() => registry.register({ ...part('notes', 31), tables: ['orders_rows'] })).toThrow(
      'notes: orders_rows already belong to orders',
    );
    expect(() => registry.register(part('returns', 30))).toThrow(
      "returns: order 30 is orders's already",
    );
    expect(registry.tables).toEqual(['orders_rows']);
  });
});

describe.each(DATABASE_KINDS)('an erasure whose part throws, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('rolls back every part: nothing of the person is erased', async () => {
    const db = t.database.db;
    const at = new Date().toISOString();
    const customerId = 'cus_rollback';
    await db
      .insertInto('customers')
      .values({
        id: customerId,
        email: 'rhea.rollback@example.com',
        email_verified: 1,
        name: 'Rhea Rollback',
        roles: '[]',
        created_at: at,
        updated_at: at,
        erased_at: null,
      })
      .execute();
    await db
      .insertInto('carts')
      .values({
        id: 'cart_rollback',
        customer_id: customerId,
        lines: '[]',
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('support_requests')
      .values({
        id: 'sup_rollback',
        order_number: null,
        email: 'rhea.rollback@example.com',
        customer_id: customerId,
        message: 'Rhea Rollback here.',
        status: 'open',
        created_at: at,
        erased_at: null,
      })
      .execute();
    const rows = async () => ({
      customer: await db.selectFrom('customers').selectAll().where('id', '=', customerId).execute(),
      carts: await db
        .selectFrom('carts')
        .selectAll()
        .where('customer_id', '=', customerId)
        .execute(),
      support: await db
        .selectFrom('support_requests')
        .selectAll()
        .where('id', '=', 'sup_rollback')
        .execute(),
    });
    const before = await rows();
    expect(before.carts).toHaveLength(1);

    // The app's own parts, then one that fails after every other part has erased its rows (it says
    // who the person is and comes first, so it is erased last of all).
    const registry = new PersonalData();
    for (const own of t.app.personalData.parts) registry.register(own);
    const seenInside: unknown[] = [];
    registry.register(
      definePart({
        feature: 'failing',
        tables: [],
        order: 1,
        saysWho: true,
        locate: async () => undefined,
        async erase(trx) {
          seenInside.push({
            customer: await trx
              .selectFrom('customers')
              .select(['email', 'name'])
              .where('id', '=', customerId)
              .executeTakeFirst(),
            carts: (
              await trx
                .selectFrom('carts')
                .select('id')
                .where('customer_id', '=', customerId)
                .execute()
            ).length,
            support: await trx
              .selectFrom('support_requests')
              .select(['email', 'message'])
              .where('id', '=', 'sup_rollback')
              .executeTakeFirst(),
          });
          throw new Error('a defect in a part');
        },
      }),
    );

    await expect(
      db.transaction().execute(async (trx) => {
        const located = await registry.locate(trx, customerId);
        return registry.erase(trx, located, at);
      }),
    ).rejects.toThrow('a defect in a part');
    // Every other part had erased its rows inside the transaction ...
    expect(seenInside).toEqual([
      { customer: { email: '', name: '' }, carts: 0, support: { email: null, message: '' } },
    ]);
    // ... and none of it stayed.
    expect(await rows()).toEqual(before);
  });
});
