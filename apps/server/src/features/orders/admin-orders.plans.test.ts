/**
 * The orders list's query plans on every test database: each filter combination the console offers is
 * answered by the index of migration 013 made for it, read in the list's order (no sort of the
 * matches, no scan of the table), and the search by a union of its prefix indexes. SQLite's planner
 * is asked with EXPLAIN QUERY PLAN; PostgreSQL's with sequential scans off (on a table of a few rows
 * it would rightly read the table; the question is whether the index can serve the query alone). The
 * plans at a million orders are in decision 021; `npm run bench` times them.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { ordersQuery, type OrderFilter } from './admin-orders.repository.ts';
import type { OrderPosition } from './orders.repository.ts';

const after: OrderPosition = { createdAt: '2026-06-01T12:00:00.000Z', id: 'ord_x' };
const range = { start: '2026-01-01T05:00:00.000Z', end: '2026-07-01T04:00:00.000Z' };

/** Filter -> the index that must answer it in the list's order. */
const ORDERED: [string, OrderFilter, string][] = [
  ['no filter', {}, 'orders_created_id_idx'],
  ['dates', range, 'orders_created_id_idx'],
  ['status', { status: 'shipped' }, 'orders_status_created_idx'],
  ['status and dates', { status: 'shipped', ...range }, 'orders_status_created_idx'],
  ['payment', { payment: 'refunded' }, 'orders_payment_created_idx'],
  ['payment and dates', { payment: 'partly-refunded', ...range }, 'orders_payment_created_idx'],
  [
    'status and payment',
    { status: 'cancelled', payment: 'paid' },
    'orders_status_payment_created_idx',
  ],
  [
    'status, payment and dates',
    { status: 'pending', payment: 'paid', ...range },
    'orders_status_payment_created_idx',
  ],
];

const SEARCH_INDEXES = {
  sqlite: [
    'sqlite_autoindex_orders_2', // order_number's unique index
    'orders_email_lower_idx',
    'orders_shipping_name_idx',
    'orders_billing_name_idx',
    'orders_shipping_surname_idx',
    'orders_billing_surname_idx',
  ],
  postgres: [
    'orders_number_prefix_idx',
    'orders_email_prefix_idx',
    'orders_shipping_name_idx',
    'orders_billing_name_idx',
    'orders_shipping_surname_idx',
    'orders_billing_surname_idx',
  ],
};

describe.each(DATABASE_KINDS)('the orders list’s query plans on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  /** The plan of the list's query for `filter` (a page after a cursor), one line per step. */
  async function plan(filter: OrderFilter): Promise<string[]> {
    const compiled = ordersQuery(database.db, filter, { after, limit: 51 }).compile();
    if (kind === 'sqlite') {
      const rows = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.rows.map((r) => r.detail);
    }
    return database.db.transaction().execute(async (trx: Db) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.rows.map((r) => r['QUERY PLAN']);
    });
  }

  it.each(ORDERED)('%s: one index, read in order', async (_name, filter, index) => {
    const steps = await plan(filter);
    const text = steps.join('\n');
    if (kind === 'sqlite') {
      expect(text).toMatch(new RegExp(`(SCAN|SEARCH) orders USING INDEX ${index}\\b`));
      expect(text).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(text).toMatch(new RegExp(`Index Scan Backward using ${index} on orders`));
      expect(text).not.toMatch(/Sort|Seq Scan/);
    }
  });

  it('the search: a union of prefix ranges over its indexes, with any filter', async () => {
    for (const filter of [
      { search: { text: 'jamie', number: 'JAM1E' } },
      { search: { text: 'jamie', number: 'JAM1E' }, status: 'shipped', payment: 'paid' as const },
      { search: { text: 'jamie@', number: '' }, ...range },
    ]) {
      const text = (await plan(filter)).join('\n');
      const expected = SEARCH_INDEXES[kind].filter(
        (name) => filter.search.number || !/number|autoindex/.test(name),
      );
      if (kind === 'sqlite') {
        expect(text).toContain('MULTI-INDEX OR');
        for (const name of expected) expect(text).toMatch(new RegExp(`USING INDEX ${name}\\b`));
      } else {
        expect(text).toContain('BitmapOr');
        for (const name of expected) expect(text).toContain(`Bitmap Index Scan on ${name}`);
      }
      expect(text).not.toMatch(/SCAN orders$|Seq Scan/m);
    }
  });
});
