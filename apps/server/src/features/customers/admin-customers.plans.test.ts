/**
 * The console's Customers list's query plans on every test database (as the orders' and reviews'
 * lists are: admin-orders.plans.test.ts): a page of guest buyers is read from the guest orders in the
 * list's order (the (customer_id, created_at, id) index, customer_id null), each candidate checked
 * against its email's orders by the lowercased-email index, never by grouping or sorting every guest
 * order of the shop (decision 053, amended 2026-11-29); a page of customers from theirs. SQLite is
 * asked with EXPLAIN QUERY PLAN and no statistics (as the shop runs it); PostgreSQL with EXPLAIN
 * after ANALYZE, sequential scans off.
 */
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPlan } from '../../../test/query-plan.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import { orderRow } from '../orders/orders.factories.ts';
import {
  customerPageQuery,
  guestCandidatesQuery,
  guestRowsOf,
} from './admin-customers.repository.ts';

const after = { at: '2026-02-01T12:00:00.000Z', id: 'ord_x' };
const PAGES = [{ limit: 51 }, { after, limit: 51 }];

describe.each(DATABASE_KINDS)('the console customers list’s query plans on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // 3,000 guest orders of 1,200 emails (some in capitals), an hour apart.
    const orders = Array.from({ length: 3000 }, (_, i) =>
      orderRow({
        email: `${i % 3 === 0 ? 'Buyer' : 'buyer'}.${i % 1200}@example.com`,
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
      }),
    );
    for (let i = 0; i < orders.length; i += 500) {
      await database.db
        .insertInto('orders')
        .values(orders.slice(i, i + 500))
        .execute();
    }
    // 2,000 customers, as many hours apart.
    const customers = Array.from({ length: 2000 }, (_, i) => {
      const at = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
      return {
        id: `cus_${String(i).padStart(5, '0')}`,
        email: `customer.${i}@example.com`,
        name: `Customer ${i}`,
        email_verified: 1,
        roles: '[]',
        created_at: at,
        updated_at: at,
        erased_at: null,
      };
    });
    for (let i = 0; i < customers.length; i += 500) {
      await database.db
        .insertInto('customers')
        .values(customers.slice(i, i + 500))
        .execute();
    }
    if (kind === 'postgres') await sql`analyze orders, customers`.execute(database.db);
  });
  afterAll(async () => database?.drop());

  const plan = (compiled: CompiledQuery) => queryPlan(database.db, kind, compiled);

  it('reads a batch of guest orders in the list’s order from the index, sorting nothing', async () => {
    for (const page of PAGES) {
      const text = await plan(
        guestCandidatesQuery(database.db, undefined, page.after, 102).compile(),
      );
      if (kind === 'sqlite') {
        expect(text).toMatch(
          /^SEARCH o USING (COVERING )?INDEX orders_customer_created_idx \(customer_id=\?/,
        );
        expect(text).not.toMatch(/TEMP B-TREE/);
      } else {
        // Every order here is a guest's: PostgreSQL may as well walk all orders in time order.
        expect(text).toMatch(/^Limit/);
        expect(text).toMatch(
          /Index (Only )?Scan Backward using orders_(customer_created|created_id)_idx on orders o\b/,
        );
        expect(text).not.toMatch(/Sort|Seq Scan/);
      }
    }
  });

  it('finds a batch’s guests by the orders’ ids and the email index, grouping nothing', async () => {
    const batch = await guestCandidatesQuery(database.db, undefined, after, 102).execute();
    expect(batch).toHaveLength(102);
    const text = await plan(
      guestRowsOf(
        database.db,
        batch.map((o) => o.id),
      ).compile(),
    );
    if (kind === 'sqlite') {
      expect(text).toMatch(/^SEARCH o USING INDEX sqlite_autoindex_orders_1 \(id=\?\)/);
      expect(text).toMatch(/SEARCH g USING INDEX orders_\w*email\w*_idx/);
      expect(text).not.toMatch(/TEMP B-TREE|SCAN o\b|SCAN g\b/);
    } else {
      expect(text).not.toMatch(/Seq Scan|HashAggregate|GroupAggregate/);
    }
  });

  it('reads a whole email’s orders from the email index', async () => {
    const text = await plan(
      guestCandidatesQuery(database.db, 'buyer.7@example.com', undefined, 102).compile(),
    );
    expect(text).not.toMatch(kind === 'sqlite' ? /SCAN o\b/ : /Seq Scan/);
  });

  it('reads a page of customers from their own index in order', async () => {
    for (const page of PAGES) {
      const text = await plan(customerPageQuery(database.db, page).compile());
      expect(text).toMatch(
        kind === 'sqlite'
          ? /^(SCAN|SEARCH) c USING INDEX customers_created_idx/
          : /Index Scan Backward using customers_created_idx on customers c/,
      );
      expect(text).not.toMatch(kind === 'sqlite' ? /TEMP B-TREE/ : /Sort|Seq Scan on customers/);
    }
  });
});
