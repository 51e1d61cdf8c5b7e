/**
 * Migration 020 on every test database: the orders a customer placed before it (their lines left the
 * bag in the order's own transaction) are recorded as settled, so the bag's next read does not take
 * them out again; a guest's order and an exchange's are not. Down removes the table.
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { migrationProvider } from './index.ts';

/** An order as stored at 019 (db/ imports no feature, so not the orders' factory). */
function orderRow(fields: { customer_id?: string; payment_intent_id?: string }) {
  const now = new Date().toISOString();
  const address = JSON.stringify({ line1: '1 Main St', city: 'Raleigh', state: 'NC' });
  return {
    id: newId('ord'),
    order_number: newId('N'),
    payment_intent_id: null,
    customer_id: null,
    status: 'pending',
    email: 'ann@example.com',
    shipping_name: 'Ann',
    shipping_address: address,
    shipping_option: 'ground',
    billing_name: 'Ann',
    billing_phone: null,
    billing_address: address,
    card_brand: null,
    card_last4: null,
    subtotal: 4500,
    shipping: 0,
    sales_tax: 0,
    total: 4500,
    amount_refunded: 0,
    tracking: null,
    carrier: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

describe.each(DATABASE_KINDS)('migration 020 on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  const migrator = () => new Migrator({ db: database.db, provider: migrationProvider });
  const tables = async () => (await database.db.introspection.getTables()).map((t) => t.name);

  it('records the orders placed signed in before it as settled, and goes down and up again', async () => {
    const down = await migrator().migrateTo('019-jobs');
    expect(down.error).toBeUndefined();
    expect(await tables()).not.toContain('cart_settled_orders');

    const db = database.db;
    const now = new Date().toISOString();
    const customerId = newId('cus');
    await db
      .insertInto('customers')
      .values({
        id: customerId,
        email: 'ann@example.com',
        email_verified: 1,
        name: 'Ann',
        roles: '[]',
        created_at: now,
        updated_at: now,
        erased_at: null,
      })
      .execute();
    const signedIn = orderRow({ customer_id: customerId, payment_intent_id: newId('pi') });
    const guest = orderRow({ payment_intent_id: newId('pi') });
    const exchange = orderRow({ customer_id: customerId });
    await db.insertInto('orders').values([signedIn, guest, exchange]).execute();

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    const rows = await db.selectFrom('cart_settled_orders').select('order_id').execute();
    expect(rows).toEqual([{ order_id: signedIn.id }]);
  });
});
