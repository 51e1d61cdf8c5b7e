/**
 * The orders list's query plans on every test database: each filter combination the console offers is
 * answered by the index of migration 013 made for it, read in the list's order (no sort of the
 * matches, no scan of the table), and the search by the newest matches of each field from its own
 * index. SQLite's planner is asked with EXPLAIN QUERY PLAN and no statistics (as the shop runs it);
 * PostgreSQL's with EXPLAIN after ANALYZE of a few thousand orders, sequential scans off. The plans at a million orders are
 * in decision 024; `npm run bench` times them.
 */
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPlan } from '../../../test/query-plan.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import { SEARCH_INDEXES } from '../../db/migrations/013-console-orders.ts';
import { ordersQuery, probeQuery, type OrderFilter } from './admin-orders.repository.ts';
import { orderRow } from '../orders/orders.factories.ts';
import type { OrderPosition } from '../orders/orders.api.ts';

const after: OrderPosition = { createdAt: '2026-06-01T12:00:00.000Z', id: 'ord_x' };
const range = { start: '2026-01-01T05:00:00.000Z', end: '2026-07-01T04:00:00.000Z' };

/** Filter -> the indexes that may answer it in the list's order (the first is the one made for it). */
const ORDERED: [string, OrderFilter, string[]][] = [
  ['no filter', {}, ['orders_created_id_idx']],
  ['dates', range, ['orders_created_id_idx']],
  ['status', { status: 'shipped' }, ['orders_status_created_idx']],
  ['status and dates', { status: 'shipped', ...range }, ['orders_status_created_idx']],
  ['payment', { payment: 'refunded' }, ['orders_payment_created_idx']],
  ['payment and dates', { payment: 'partly-refunded', ...range }, ['orders_payment_created_idx']],
  [
    'status and payment',
    { status: 'cancelled', payment: 'paid' },
    ['orders_status_payment_created_idx'],
  ],
  // Without statistics SQLite may take the payment index and check the status of each row it reads.
  [
    'status, payment and dates',
    { status: 'pending', payment: 'paid', ...range },
    ['orders_status_payment_created_idx', 'orders_payment_created_idx'],
  ],
];

const SEARCHES: [string, OrderFilter][] = [
  ['a name or email', { search: { text: 'jamie', number: 'JAM1E' } }],
  ['an email', { search: { text: 'jamie.400@', number: '' } }],
  ['with every filter', { search: { text: 'riv', number: 'R1V' }, status: 'shipped', ...range }],
];

describe.each(DATABASE_KINDS)('the orders list’s query plans on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Enough orders that reading a table is not cheaper than an index, the filtered values rare (as
    // a status or a refund is among a shop's orders); PostgreSQL gets its statistics (autovacuum
    // would), SQLite none (nothing runs ANALYZE in the shop).
    // One customer in two hundred is the Jamie Rivera searched for; the others have names of their own.
    const name = (i: number) => (i % 200 === 0 ? 'Jamie Rivera' : `Pat${i} Quinn${i}`);
    const statuses: Record<number, string> = { 0: 'shipped', 1: 'cancelled', 2: 'pending' };
    const rows = Array.from({ length: 3000 }, (_, i) =>
      orderRow({
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 3 * 3_600_000).toISOString(),
        status: statuses[i % 100] ?? 'completed',
        shipping_name: name(i),
        billing_name: name(i + 1),
        email: `${name(i).split(' ')[0]!.toLowerCase()}.${i}@example.com`,
        amount_refunded: i % 100 === 3 ? 5000 : i % 100 === 4 ? 1000 : 0,
      }),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await database.db
        .insertInto('orders')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    if (kind === 'postgres') await sql`analyze orders`.execute(database.db);
  });
  afterAll(async () => database?.drop());

  /** The plan of a query, one line per step. */
  const plan = (compiled: CompiledQuery) => queryPlan(database.db, kind, compiled);
  const list = (filter: OrderFilter) =>
    plan(ordersQuery(database.db, filter, { after, limit: 51 }).compile());

  it.each(ORDERED)('%s: one index, read in order', async (_name, filter, indexes) => {
    const text = await list(filter);
    const names = indexes.join('|');
    if (kind === 'sqlite') {
      expect(text).toMatch(new RegExp(`^(SCAN|SEARCH) orders USING INDEX (${names}) `));
      expect(text).not.toMatch(/TEMP B-TREE/);
    } else {
      // PostgreSQL weighs its statistics: on a few thousand rows it may read the index and sort the
      // few matches rather than read it in order (at a million it reads it in order: decision 024).
      expect(text).toMatch(
        new RegExp(
          `Index Scan (Backward )?using (${names}) on orders|Bitmap Index Scan on (${names})`,
        ),
      );
      expect(text).not.toMatch(/Seq Scan/);
    }
  });

  it.each(SEARCHES)(
    'a search for %s: the newest matches of each field from its own index',
    async (_name, filter) => {
      const text = await list(filter);
      const fields = Object.entries(SEARCH_INDEXES).filter(
        ([field]) => field !== 'number' || filter.search!.number,
      );
      for (const [field, index] of fields) {
        if (kind === 'sqlite') {
          // The key equal to the text, read in order (an order number's own unique index will do);
          // and the longer keys, a range.
          const exact =
            field === 'number'
              ? `(COVERING )?INDEX (${index}|sqlite_autoindex_orders_2)`
              : `COVERING INDEX ${index}`;
          expect(text).toMatch(new RegExp(`SEARCH orders USING ${exact} \\(<?\\w+>?=\\?`));
          expect(text).toMatch(
            new RegExp(`SEARCH orders USING COVERING INDEX ${index} \\(<?\\w+>?>\\? AND`),
          );
        } else {
          expect(text).toMatch(
            new RegExp(`(Index Only Scan|Index Scan|Bitmap Index Scan) (using|on) ${index}\\b`),
          );
        }
      }
      // Then the page's orders by their ids; never a read of the whole table.
      expect(text).toMatch(
        kind === 'sqlite'
          ? /SEARCH orders USING INDEX sqlite_autoindex_orders_1 \(id=\?\)/
          : /(Index Scan using|Bitmap Index Scan on) orders_pkey/,
      );
      expect(text).not.toMatch(/SCAN orders$|SCAN orders USING|Seq Scan/m);
    },
  );

  it('a short search first reads the newest orders of its filter, in order', async () => {
    const text = await plan(
      probeQuery(
        database.db,
        { search: { text: 'j', number: 'J' }, status: 'shipped' },
        {
          after,
          limit: 51,
        },
      ).compile(),
    );
    expect(text).toMatch(
      kind === 'sqlite'
        ? /SEARCH orders USING INDEX orders_status_created_idx \(status=\? AND/
        : /(Index Scan Backward using|Bitmap Index Scan on) orders_status_created_idx/,
    );
    expect(text).not.toMatch(/Seq Scan|SCAN orders$/m);
  });
});
