/**
 * The console's reviews list's query plans on every test database (as the orders list's are:
 * admin-orders.plans.test.ts): each choice the screen offers (every review, a status, a design, both)
 * is read from an index in the list's order, a page at a time, never by sorting every review. SQLite
 * is asked with EXPLAIN QUERY PLAN and no statistics (as the shop runs it); PostgreSQL with EXPLAIN
 * after ANALYZE, sequential scans off.
 */
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_NAMES } from '@sunward/core/designs';
import { queryPlan } from '../../../test/query-plan.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import { orderRow } from '../orders/orders.factories.ts';
import { consoleReviewsQuery, type ConsoleReviewFilter } from './reviews.repository.ts';

const after = { createdAt: '2026-06-01T12:00:00.000Z', id: 'rev_x' };

/** Filter -> the index made for reading it in order. */
const CHOICES: [string, ConsoleReviewFilter, string][] = [
  ['every review', {}, 'reviews_created_id_idx'],
  ['the queue (new, oldest first)', { status: 'new' }, 'reviews_status_created_idx'],
  ['published', { status: 'published' }, 'reviews_status_created_idx'],
  ['a design', { design: 'alaska' }, 'reviews_design_created_idx'],
  ['a design and a status', { design: 'alaska', status: 'hidden' }, 'reviews_design_status_idx'],
];

describe.each(DATABASE_KINDS)('the console reviews list’s query plans on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Enough reviews that reading the table is not cheaper than an index; most published.
    const orders = Array.from({ length: 2000 }, (_, i) =>
      orderRow({ created_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString() }),
    );
    const statuses: Record<number, string> = { 0: 'new', 1: 'hidden' };
    const reviews = orders.map((order, i) => ({
      id: `rev_${String(i).padStart(5, '0')}`,
      order_id: order.id,
      customer_id: null,
      design: DESIGN_NAMES[i % DESIGN_NAMES.length]!,
      size: 'mdr',
      stars: 1 + (i % 5),
      fit: 'true',
      title: null,
      body: null,
      first_name: null,
      state: null,
      status: statuses[i % 20] ?? 'published',
      reply: null,
      reply_at: null,
      moderated_at: null,
      moderated_by: null,
      created_at: order.created_at,
      updated_at: order.created_at,
    }));
    for (let i = 0; i < orders.length; i += 400) {
      await database.db
        .insertInto('orders')
        .values(orders.slice(i, i + 400))
        .execute();
      await database.db
        .insertInto('reviews')
        .values(reviews.slice(i, i + 400))
        .execute();
    }
    if (kind === 'postgres') await sql`analyze reviews`.execute(database.db);
  });
  afterAll(async () => database?.drop());

  const plan = (compiled: CompiledQuery) => queryPlan(database.db, kind, compiled);

  it.each(CHOICES)('%s: its index, read in the list’s order', async (_name, filter, index) => {
    for (const page of [
      { after: null, limit: 21 },
      { after, limit: 21 },
    ]) {
      const text = await plan(consoleReviewsQuery(database.db, filter, page).compile());
      if (kind === 'sqlite') {
        expect(text).toMatch(new RegExp(`^(SCAN|SEARCH) r USING INDEX ${index}\\b`));
        expect(text).not.toMatch(/TEMP B-TREE/);
      } else if (filter.status === undefined && filter.design === undefined) {
        // Every review: read backwards from the index in order, each review's order by its key.
        expect(text).toMatch(new RegExp(`Index Scan Backward using ${index} on reviews r`));
        expect(text).not.toMatch(/Sort|Seq Scan/);
      } else {
        // PostgreSQL weighs its statistics: it may read another of the reviews' indexes and filter
        // (a status most reviews have), or sort the few matches (a design's hidden ones); never the
        // table.
        expect(text).toMatch(/(Index Scan (Backward )?using|Bitmap Index Scan on) reviews_\w+_idx/);
        expect(text).not.toMatch(/Seq Scan/);
      }
    }
  });
});
