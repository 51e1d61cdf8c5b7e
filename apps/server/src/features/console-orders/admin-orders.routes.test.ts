/**
 * The console's orders list, detail and notes over real HTTP on every test database: payment and
 * fulfilment status side by side, each filter and their combinations, shop calendar days, the
 * search, keyset pages that neither lose nor repeat an order while new ones arrive, the latest return's
 * status, and operators only (401 anonymous, 403 a customer) on every route. Each test works in its own
 * year, so the filters isolate its orders from the others'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleOrderDetail, ConsoleOrderPage } from '@sunward/core/console-orders';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { insertConsoleOrder, insertReturnRecord, listOrders } from './admin-orders.factories.ts';

const address = (name: string) =>
  JSON.stringify({ line1: '1 Main St', city: 'Raleigh', state: 'NC', postal_code: '27601', name });

describe.each(DATABASE_KINDS)('console orders on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  let customer: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
    customer = await customerToken(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const list = async (query: Record<string, string | number | undefined>) => {
    const res = await listOrders(t, operator.headers, query);
    expect(res.status, res.text).toBe(200);
    return res.body as ConsoleOrderPage;
  };
  const numbers = (page: ConsoleOrderPage) => page.orders.map((o) => o.orderNumber);

  it('lists newest first with the payment, fulfilment and latest return status side by side', async () => {
    const a = await insertConsoleOrder(db(), {
      created_at: '2031-03-01T15:00:00.000Z',
      lines: [2, 1],
      subtotal: 13500,
      total: 14000,
    });
    const b = await insertConsoleOrder(db(), {
      created_at: '2031-03-02T15:00:00.000Z',
      status: 'shipped',
      amount_refunded: 1000,
      carrier: 'usps',
      tracking: '9400111899223197428490',
    });
    const c = await insertConsoleOrder(db(), {
      created_at: '2031-03-03T15:00:00.000Z',
      status: 'cancelled',
      amount_refunded: 5000,
    });
    const d = await insertConsoleOrder(db(), {
      created_at: '2031-03-04T15:00:00.000Z',
      total: 0,
      subtotal: 0,
      sales_tax: 0,
    });
    const e = await insertConsoleOrder(db(), {
      created_at: '2031-03-05T15:00:00.000Z',
      status: 'return',
      email: 'Erin@Example.com',
      shipping_name: 'Erin Shaw',
    });
    await insertReturnRecord(db(), e.id, 1, 'requested');
    await insertReturnRecord(db(), e.id, 2, 'received');

    const res = await listOrders(t, operator.headers, { from: '2031-03-01', to: '2031-03-31' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = res.body as ConsoleOrderPage;
    expect(numbers(page)).toEqual([e, d, c, b, a].map((o) => o.order_number));
    expect(page.nextCursor).toBeNull();
    expect(page.orders.map((o) => [o.status, o.paymentStatus, o.returnStatus])).toEqual([
      ['return', 'paid', 'received'],
      ['pending', 'no-charge', null],
      ['cancelled', 'refunded', null],
      ['shipped', 'partly-refunded', null],
      ['pending', 'paid', null],
    ]);
    expect(page.orders[0]).toEqual({
      orderNumber: e.order_number,
      createdAt: '2031-03-05T15:00:00.000Z',
      status: 'return',
      paymentStatus: 'paid',
      email: 'Erin@Example.com',
      name: 'Erin Shaw',
      itemCount: 1,
      total: 5000,
      refunded: 0,
      returnStatus: 'received',
      carrier: null,
      tracking: null,
    });
    expect(page.orders[3]).toMatchObject({ carrier: 'usps', tracking: '9400111899223197428490' });
    expect(page.orders[4]).toMatchObject({ itemCount: 3, total: 14000 });

    // Each filter, and filters together.
    const within = { from: '2031-03-01', to: '2031-03-31' };
    expect(numbers(await list({ ...within, status: 'shipped' }))).toEqual([b.order_number]);
    expect(numbers(await list({ ...within, status: 'pending' }))).toEqual([
      d.order_number,
      a.order_number,
    ]);
    expect(numbers(await list({ ...within, payment: 'paid' }))).toEqual([
      e.order_number,
      a.order_number,
    ]);
    expect(numbers(await list({ ...within, payment: 'partly-refunded' }))).toEqual([
      b.order_number,
    ]);
    expect(numbers(await list({ ...within, payment: 'refunded' }))).toEqual([c.order_number]);
    expect(numbers(await list({ ...within, payment: 'no-charge' }))).toEqual([d.order_number]);
    expect(numbers(await list({ ...within, status: 'cancelled', payment: 'refunded' }))).toEqual([
      c.order_number,
    ]);
    expect(numbers(await list({ ...within, status: 'cancelled', payment: 'paid' }))).toEqual([]);
    expect(
      numbers(await list({ from: '2031-03-02', to: '2031-03-04', status: 'pending', q: 'pat' })),
    ).toEqual([d.order_number]);
  });

  it('reads dates as the shop’s calendar days, both ends included', async () => {
    // 03:30 UTC on April 2 is 23:30 on April 1 in Charlotte; 04:30 UTC is 00:30 on April 2.
    const late = await insertConsoleOrder(db(), { created_at: '2031-04-02T03:30:00.000Z' });
    const early = await insertConsoleOrder(db(), { created_at: '2031-04-02T04:30:00.000Z' });
    const last = await insertConsoleOrder(db(), { created_at: '2031-04-04T03:59:59.999Z' });
    expect(numbers(await list({ from: '2031-04-01', to: '2031-04-01' }))).toEqual([
      late.order_number,
    ]);
    expect(numbers(await list({ from: '2031-04-02', to: '2031-04-03' }))).toEqual([
      last.order_number,
      early.order_number,
    ]);
    expect(numbers(await list({ from: '2031-04-03', to: '2031-04-30' }))).toEqual([
      last.order_number,
    ]);

    const backwards = await listOrders(t, operator.headers, {
      from: '2031-04-03',
      to: '2031-04-01',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({
      code: 'invalid_range',
      message: 'The first day is after the last day.',
    });
    for (const bad of ['2031-02-30', '04/01/2031', 'yesterday']) {
      const res = await listOrders(t, operator.headers, { from: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_request' });
    }
  });

  it('searches the start of the order number, the email and the shipping and billing names', async () => {
    const within = { from: '2032-01-01', to: '2032-01-31' };
    const robin = await insertConsoleOrder(db(), {
      created_at: '2032-01-03T15:00:00.000Z',
      email: 'Robin.Hale@Example.com',
      shipping_name: 'Robin Hale',
      billing_name: 'Robin Hale',
    });
    const pat = await insertConsoleOrder(db(), {
      created_at: '2032-01-02T15:00:00.000Z',
      email: 'pat@example.org',
      shipping_name: 'Pat Quinn',
      billing_name: 'Morgan Lee',
      shipping_address: address('Pat Quinn'),
    });
    const bob = await insertConsoleOrder(db(), {
      created_at: '2032-01-01T15:00:00.000Z',
      email: 'robert@example.net',
      shipping_name: 'Bob Robertson',
      billing_name: 'Bob Robertson',
    });
    const search = async (q: string) => numbers(await list({ ...within, q }));

    expect(await search('robin')).toEqual([robin.order_number]);
    expect(await search('ROB')).toEqual([robin.order_number, bob.order_number]);
    expect(await search('hale')).toEqual([robin.order_number]); // surname
    expect(await search('robin hale')).toEqual([robin.order_number]);
    expect(await search('morgan')).toEqual([pat.order_number]); // billing name
    expect(await search('lee')).toEqual([pat.order_number]); // billing surname
    expect(await search('pat@example.org')).toEqual([pat.order_number]);
    expect(await search('Robert@')).toEqual([bob.order_number]);
    expect(await search(pat.order_number)).toEqual([pat.order_number]);
    expect(await search(`#${pat.order_number.toLowerCase()}`)).toEqual([pat.order_number]);
    const prefix = bob.order_number.slice(0, 5);
    expect(await search(`${prefix.slice(0, 3)}-${prefix.slice(3)}`.toLowerCase())).toContain(
      bob.order_number,
    );
    // Nothing matches what is in the middle of a field, and pattern characters are plain text.
    expect(await search('obin')).toEqual([]);
    expect(await search('example')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search("o'brien")).toEqual([]);
    // A short search finds a whole page among the newest orders; the next page follows on.
    const first = await list({ ...within, q: 'rob', limit: 1 });
    expect(numbers(first)).toEqual([robin.order_number]);
    const next = await list({ ...within, q: 'rob', limit: 1, cursor: first.nextCursor! });
    expect(numbers(next)).toEqual([bob.order_number]);
    expect(next.nextCursor).toBeNull();
    // A search with filters: Robin's order is pending, paid.
    expect(numbers(await list({ ...within, q: 'rob', status: 'shipped' }))).toEqual([]);
    expect(numbers(await list({ ...within, q: 'rob', payment: 'paid' }))).toEqual([
      robin.order_number,
      bob.order_number,
    ]);
  });

  it('pages newest first by cursor: no order lost or repeated while new ones arrive', async () => {
    const within = { from: '2033-01-01', to: '2033-12-31' };
    const made = [];
    for (let i = 0; i < 7; i++) {
      // Two orders share a creation time: the id decides between them.
      const at = `2033-05-0${Math.min(i, 5) + 1}T12:00:00.000Z`;
      made.push(await insertConsoleOrder(db(), { created_at: at }));
    }
    const expected = [...made]
      .sort((x, y) =>
        x.created_at === y.created_at
          ? y.id.localeCompare(x.id)
          : y.created_at!.localeCompare(x.created_at!),
      )
      .map((o) => o.order_number);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list({ ...within, limit: 3, cursor });
      seen.push(...numbers(page));
      cursor = page.nextCursor ?? undefined;
      pages++;
      // New orders arrive between pages (newer than everything listed).
      await insertConsoleOrder(db(), { created_at: `2033-06-0${pages}T12:00:00.000Z` });
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
    expect(numbers(await list({ ...within, limit: 200 }))).toHaveLength(10);

    for (const [query, code] of [
      [{ cursor: 'not-a-cursor!' }, 'invalid_cursor'],
      [{ cursor: Buffer.from('{"x":1}').toString('base64url') }, 'invalid_cursor'],
      [{ limit: 201 }, 'invalid_request'],
      [{ limit: 0 }, 'invalid_request'],
      [{ status: 'lost' }, 'invalid_request'],
      [{ payment: 'unpaid' }, 'invalid_request'],
    ] as const) {
      const res = await listOrders(t, operator.headers, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ code });
    }
  });

  it('shows one order with its lines, events, notes and the changes an operator may make', async () => {
    const order = await insertConsoleOrder(db(), {
      created_at: '2034-01-01T15:00:00.000Z',
      lines: [2, 1],
      subtotal: 13500,
      sales_tax: 500,
      total: 14000,
      card_brand: 'visa',
      card_last4: '4242',
    });
    const res = await t.request(
      'GET',
      `/api/admin/orders/${order.order_number.toLowerCase()}`,
      undefined,
      operator.headers,
    );
    expect(res.status, res.text).toBe(200);
    const detail = res.body as ConsoleOrderDetail;
    expect(detail.order).toMatchObject({ orderNumber: order.order_number, status: 'pending' });
    expect(detail.paymentStatus).toBe('paid');
    expect(detail.payment).toEqual({
      intentId: null,
      card: { brand: 'visa', last4: '4242' },
      paid: 14000,
      refunded: 0,
      left: 14000,
      refunds: [],
    });
    expect(detail.lines).toEqual([
      {
        line: 1,
        design: 'alaska',
        size: 'mdr',
        position: 'Front',
        quantity: 2,
        unitAmount: 4500,
        refundedUnits: 0,
      },
      {
        line: 2,
        design: 'alaska',
        size: 'mdr',
        position: 'Front',
        quantity: 1,
        unitAmount: 4500,
        refundedUnits: 0,
      },
    ]);
    expect(detail.events).toEqual([
      expect.objectContaining({ actor: 'system', from: null, to: 'pending', operatorEmail: null }),
    ]);
    expect(detail.allowedStatuses).toEqual(['in-progress', 'cancelled']);
    expect(detail).toMatchObject({ notes: [], emails: [], returns: [], replacementFor: null });

    const slip = await t.request(
      'GET',
      `/api/admin/orders/${order.order_number}/packing-slip`,
      undefined,
      operator.headers,
    );
    expect(slip.status).toBe(200);
    expect(slip.body).toMatchObject({
      shopName: 'Sunward',
      returnAddress: { company: 'Sunward Returns', city: 'Charlotte', state: 'NC' },
      order: { orderNumber: order.order_number },
    });

    const missing = await t.request('GET', '/api/admin/orders/NOSUCH0RDER', undefined, {
      ...operator.headers,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found' });
  });

  it('adds a note with the operator and time, once per idempotency key, and records it', async () => {
    const order = await insertConsoleOrder(db(), { created_at: '2034-02-01T15:00:00.000Z' });
    const url = `/api/admin/orders/${order.order_number}/notes`;
    const first = await t.request(
      'POST',
      url,
      { body: '  Customer asked to hold until Friday.  ' },
      operator.headers,
    );
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      created: true,
      note: { operatorEmail: operator.email, body: 'Customer asked to hold until Friday.' },
    });

    // A double click: ten sends with one key write one note.
    const sends = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request(
          'POST',
          url,
          { body: 'Gift wrap', idempotencyKey: 'note-key-00001' },
          operator.headers,
        ),
      ),
    );
    expect(sends.map((s) => s.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(sends.map((s) => (s.body as { note: { id: string } }).note.id));
    expect(ids.size).toBe(1);

    for (const body of [{ body: '   ' }, { body: 'x'.repeat(2001) }, {}]) {
      const res = await t.request('POST', url, body, operator.headers);
      expect(res.status).toBe(400);
    }
    const elsewhere = await insertConsoleOrder(db(), { created_at: '2034-02-02T15:00:00.000Z' });
    const reused = await t.request(
      'POST',
      `/api/admin/orders/${elsewhere.order_number}/notes`,
      { body: 'Gift wrap', idempotencyKey: 'note-key-00001' },
      operator.headers,
    );
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: 'key_reused' });

    const detail = (
      await t.request('GET', `/api/admin/orders/${order.order_number}`, undefined, operator.headers)
    ).body as ConsoleOrderDetail;
    expect(detail.notes.map((n) => [n.body, n.operatorEmail])).toEqual([
      ['Customer asked to hold until Friday.', operator.email],
      ['Gift wrap', operator.email],
    ]);
    const actions = await db()
      .selectFrom('operator_actions')
      .select(['action', 'operator_email'])
      .where('target_id', '=', order.order_number)
      .execute();
    expect(actions).toEqual([
      { action: 'order.note', operator_email: operator.email },
      { action: 'order.note', operator_email: operator.email },
    ]);
  });

  it('answers 401 to anonymous callers and 403 to customers on every orders route', async () => {
    const order = await insertConsoleOrder(db(), { created_at: '2034-03-01T15:00:00.000Z' });
    const n = order.order_number;
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/orders', undefined],
      ['GET', '/api/admin/orders.csv', undefined],
      [
        'POST',
        '/api/admin/orders/ship',
        { orders: [{ orderNumber: n, carrier: 'usps', tracking: '9400111899223197428490' }] },
      ],
      ['GET', `/api/admin/orders/${n}`, undefined],
      ['GET', `/api/admin/orders/${n}/packing-slip`, undefined],
      ['POST', `/api/admin/orders/${n}/notes`, { body: 'hi' }],
      ['POST', `/api/admin/orders/${n}/refunds/quote`, { amount: 100 }],
      [
        'POST',
        `/api/admin/orders/${n}/refunds`,
        { amount: 100, reason: 'x', idempotencyKey: 'k-00000001' },
      ],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await t.request(method, url, body);
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      const forbidden = await t.request(method, url, body, customer.headers);
      expect(forbidden.status, `${method} ${url}`).toBe(403);
      expect(forbidden.body).toMatchObject({ code: 'forbidden' });
    }
    const after = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirst();
    expect(after).toMatchObject({ status: 'pending', amount_refunded: 0 });
    const notes = await db()
      .selectFrom('order_notes')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(notes).toEqual([]);
  });
});
