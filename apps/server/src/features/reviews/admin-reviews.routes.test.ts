/**
 * The console's reviews list over real HTTP on every test database (docs/decisions/048, amended
 * 2026-11-29): every review reachable a page at a time by keyset cursor, the queue of new ones oldest
 * first and any other choice newest first; no review repeated or skipped while others are written,
 * published or hidden between pages; the status and design filters with the counts by status; bad
 * input refused with 400 changing nothing; operators only. Each test keeps to a design of its own
 * (filtered by it), so the tests' reviews do not meet; times are counted from now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleReviewList } from '@sunward/core/review-schemas';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { orderRow } from '../orders/orders.factories.ts';
import { listConsoleReviews, storedReview } from './reviews.factories.ts';

/** `minutes` before now (negative: after), as the table stores times. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe.each(DATABASE_KINDS)('the console’s reviews list on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  let customer: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
    customer = await customerToken(t);
  });
  afterAll(async () => t?.close());

  /** A review of a delivered order of its own (one review per design per order). */
  const review = async (design: string, status: string, createdAt: string) => {
    const order = orderRow({ status: 'completed' });
    await t.database.db.insertInto('orders').values(order).execute();
    const id = await storedReview(t, order.id, { design, status, created_at: createdAt });
    return { id, createdAt };
  };
  const list = async (query: Record<string, string | number | undefined>) => {
    const res = await listConsoleReviews(t, operator.headers, query);
    expect(res.status, res.text).toBe(200);
    return res.body as ConsoleReviewList;
  };
  const ids = (page: ConsoleReviewList) => page.reviews.map((r) => r.id);
  const moderate = async (id: string, status: 'published' | 'hidden') => {
    const res = await t.request(
      'POST',
      `/api/admin/reviews/${id}/status`,
      { status },
      operator.headers,
    );
    expect(res.status, res.text).toBe(200);
  };
  /** Every page of `query` from the first: the ids in order, and how many pages. */
  const everyPage = async (
    query: Record<string, string | number>,
    between: (page: number) => Promise<void> = async () => {},
  ) => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list({ ...query, cursor });
      seen.push(...ids(page));
      cursor = page.nextCursor ?? undefined;
      pages++;
      if (cursor) await between(pages);
    } while (cursor);
    return { seen, pages };
  };
  /** Newest first; the id breaks a tie of time (the list's order without the queue). */
  const newestFirst = (rows: { id: string; createdAt: string }[]) =>
    [...rows]
      .sort((x, y) =>
        x.createdAt === y.createdAt ? compare(y.id, x.id) : compare(y.createdAt, x.createdAt),
      )
      .map((r) => r.id);
  /** The order the databases sort text in (both compare these ids and times alike). */
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it('pages through every review once: the queue oldest first, the others newest first, with counts', async () => {
    const design = 'arizona';
    const made: Record<string, { id: string; createdAt: string }[]> = {
      new: [],
      published: [],
      hidden: [],
    };
    const statuses = ['new', 'published', 'new', 'hidden', 'new', 'published', 'new'];
    for (let i = 0; i < 14; i++) {
      // Two reviews share each time: the id decides between them.
      const status = statuses[i % statuses.length]!;
      made[status]!.push(await review(design, status, ago(100 - Math.floor(i / 2))));
    }
    const all = Object.values(made).flat();
    const counts = { new: 8, published: 4, hidden: 2 };

    // Every review of the design, newest first, 4 a page.
    const everything = await everyPage({ design, limit: 4 });
    expect(everything.pages).toBe(4);
    expect(everything.seen).toEqual(newestFirst(all));
    // The queue: oldest first, 3 a page.
    const queue = await everyPage({ design, status: 'new', limit: 3 });
    expect(queue.pages).toBe(3);
    expect(queue.seen).toEqual(newestFirst(made.new!).reverse());
    expect((await everyPage({ design, status: 'published', limit: 3 })).seen).toEqual(
      newestFirst(made.published!),
    );
    expect((await everyPage({ design, status: 'hidden', limit: 1 })).seen).toEqual(
      newestFirst(made.hidden!),
    );

    // Each page carries the counts by status of the design, and says what each review is.
    const first = await list({ design, status: 'hidden', limit: 1 });
    expect(first.counts).toEqual(counts);
    expect(first.reviews[0]).toMatchObject({ design, status: 'hidden' });
    expect(first.nextCursor).not.toBeNull();
    const last = await list({ design, status: 'hidden', limit: 1, cursor: first.nextCursor! });
    expect(last.counts).toEqual(counts);
    expect(last.nextCursor).toBeNull();
    // Without the design: every design's reviews are counted.
    const shop = await list({ status: 'hidden', limit: 1 });
    expect(shop.counts.new).toBeGreaterThanOrEqual(counts.new);
    expect(shop.reviews[0]?.status).toBe('hidden');
  });

  it('reaches every review of the shop, 50 a page unless asked, at most 100', async () => {
    const design = 'twin-vistas';
    for (let i = 0; i < 51; i++) await review(design, 'published', ago(200 + i));
    const first = await list({ design });
    expect(first.reviews).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await list({ design, cursor: first.nextCursor! });
    expect(second.reviews).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(51);
    expect(ids(await list({ design, limit: 100 }))).toHaveLength(51);

    // Without any filter: every review in the database, each once.
    const { seen } = await everyPage({ limit: 7 });
    const stored = await t.database.db.selectFrom('reviews').select('id').execute();
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(stored.map((r) => r.id).sort());
  });

  it('neither repeats nor skips a review while others are written, published or hidden', async () => {
    const design = 'summit-landing';
    const queue = [];
    for (let i = 0; i < 7; i++) queue.push(await review(design, 'new', ago(300 - i)));
    const queueIds = queue.map((r) => r.id);

    // The queue, 3 a page: after the first page its 3 reviews are published, the 5th is hidden, and
    // a new review arrives. Nothing shifts: the 4th comes next, the hidden one has left the queue,
    // and the newcomer is at the end.
    let newcomer = '';
    const { seen, pages } = await everyPage({ design, status: 'new', limit: 3 }, async (page) => {
      if (page !== 1) return;
      for (const id of queueIds.slice(0, 3)) await moderate(id, 'published');
      await moderate(queueIds[4]!, 'hidden');
      newcomer = (await review(design, 'new', ago(0))).id;
    });
    expect(pages).toBe(3);
    expect(seen).toEqual([...queueIds.slice(0, 4), ...queueIds.slice(5), newcomer]);

    // Every status, newest first, 3 a page: reviews published and hidden on both sides of the
    // cursor keep their places; one written meanwhile is newer than the first page (the next
    // reading starts with it).
    const before = (await everyPage({ design })).seen;
    expect(before).toHaveLength(8);
    const late: string[] = [];
    const paged = await everyPage({ design, limit: 3 }, async (page) => {
      await moderate(before[page * 3 - 1]!, 'hidden');
      await moderate(before[page * 3 + 1]!, 'published');
      late.unshift((await review(design, 'new', ago(-page))).id);
    });
    expect(paged.pages).toBe(3);
    expect(paged.seen).toEqual(before);
    expect(ids(await list({ design, limit: 2 }))).toEqual(late);
  });

  it('refuses bad input with 400, naming what is wrong, and changes nothing', async () => {
    const design = 'red-barn-ranch';
    const made = await review(design, 'new', ago(400));
    const stored = () => t.database.db.selectFrom('reviews').selectAll().orderBy('id').execute();
    const before = await stored();
    for (const [query, code, message] of [
      [{ status: 'lost' }, 'invalid_request', 'Status: new, published or hidden.'],
      [{ status: '' }, 'invalid_request', 'Status: new, published or hidden.'],
      [{ design: 'atlantis' }, 'invalid_request', 'Design: not a design of the shop.'],
      [{ cursor: 'not-a-cursor!' }, 'invalid_cursor', 'This page of reviews does not exist.'],
      [
        { cursor: Buffer.from('{"x":1}').toString('base64url') },
        'invalid_cursor',
        'This page of reviews does not exist.',
      ],
      [{ cursor: '' }, 'invalid_request', undefined],
      [{ limit: 0 }, 'invalid_request', undefined],
      [{ limit: 101 }, 'invalid_request', undefined],
      [{ limit: 'ten' }, 'invalid_request', undefined],
    ] as const) {
      const res = await listConsoleReviews(t, operator.headers, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body, JSON.stringify(query)).toMatchObject({ code });
      if (message) {
        expect((res.body as { message: string }).message, JSON.stringify(query)).toContain(message);
      }
    }
    expect(await stored()).toEqual(before);
    expect(ids(await list({ design }))).toEqual([made.id]);
  });

  it('answers 401 to anonymous callers and 403 to customers on every reviews route', async () => {
    const made = await review('alaska', 'new', ago(500));
    const before = await t.database.db
      .selectFrom('reviews')
      .selectAll()
      .where('id', '=', made.id)
      .execute();
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/reviews', undefined],
      ['GET', '/api/admin/reviews?status=new&limit=1', undefined],
      ['POST', `/api/admin/reviews/${made.id}/status`, { status: 'published' }],
      ['POST', `/api/admin/reviews/${made.id}/reply`, { reply: 'Thanks!' }],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await t.request(method, url, body);
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      const forbidden = await t.request(method, url, body, customer.headers);
      expect(forbidden.status, `${method} ${url}`).toBe(403);
      expect(forbidden.body).toMatchObject({ code: 'forbidden' });
    }
    const row = () =>
      t.database.db.selectFrom('reviews').selectAll().where('id', '=', made.id).execute();
    expect(await row()).toEqual(before);
    expect(before[0]).toMatchObject({ status: 'new', reply: null });
    const actions = await t.database.db
      .selectFrom('operator_actions')
      .select('id')
      .where('target_id', '=', made.id)
      .execute();
    expect(actions).toEqual([]);
  });
});
