/**
 * Order Lookup over real HTTP on every test database (and in Redis when REDIS_URL is set): the order for
 * its number and email, in both forms of the call; one byte-identical 404 for an unknown number and a
 * wrong email; and the limits, 10 tries a minute per client and per order number and client (a window
 * the guest return shares), the 11th refused, whichever server the tries come from, while a stranger's
 * tries never keep the order's owner out from another address.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrderSchema, type Order } from '@sunward/core/checkout-schemas';
import { DATABASE_KINDS, attachApp, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { newId } from '../../lib/ids.ts';
import { deliveredOrder, refund, returnBody } from '../returns/returns.factories.ts';
import { orderRow } from './orders.factories.ts';
import * as repo from './orders.repository.ts';
import type { NewOrder } from './orders.table.ts';

const REDIS_URL = process.env.REDIS_URL;
if (process.env.REQUIRE_REDIS === '1' && !REDIS_URL) {
  throw new Error('REQUIRE_REDIS=1 but REDIS_URL is not set: the Redis store would not be tested.');
}

const NOT_FOUND = { code: 'not_found', message: 'No order found.' };
const RATE_LIMITED = {
  code: 'rate_limited',
  message: 'Too many tries. Please wait a minute and try again.',
};
/** Behind one trusted load balancer: the client is the last X-Forwarded-For address. */
const BEHIND_PROXY = { TRUST_PROXY: '1' };

let clients = 0;
/** A client address of its own, so that each test starts with a fresh per-client window. */
const newClient = () => {
  clients++;
  return `198.51.${clients >> 8}.${clients & 255}`;
};
const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** An order placed by Pat (email stored in mixed case), 2 Alaska shirts, and its number. */
async function seedOrder(t: TestApp, overrides: Partial<NewOrder> = {}) {
  const row = orderRow({
    status: 'completed',
    email: 'Pat.Shopper@Example.com',
    card_brand: 'visa',
    card_last4: '4242',
    ...overrides,
  });
  const db = t.database.db;
  await db.insertInto('orders').values(row).execute();
  await repo.insertItems(db, [
    {
      id: newId('item'),
      order_id: row.id,
      line_no: 1,
      product_id: SHIRT_PRODUCT_ID,
      price_id: SHIRT_PRICE_ID,
      design: 'alaska',
      size: 'mdr',
      position: 'Front',
      quantity: 2,
      unit_amount: 2250,
    },
  ]);
  return row;
}

const lookUp = (t: TestApp, orderNumber: string, email: string, ip: string) =>
  t.request('POST', '/api/orders/lookup', { orderNumber, email }, from(ip));
const returnAsGuest = (t: TestApp, order: Order, email: string, ip: string) =>
  t.request('POST', '/api/orders/return', returnBody(order, { 0: refund() }, { email }), from(ip));
const lookUpByUrl = (t: TestApp, orderNumber: string, email: string, ip: string) =>
  t.request(
    'GET',
    `/api/orders/lookup/${encodeURIComponent(orderNumber)}/${encodeURIComponent(email)}`,
    undefined,
    from(ip),
  );

/** The headers of an answer that could tell two answers apart (not its id, nor its date). */
function telling(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!['x-request-id', 'date', 'keep-alive', 'connection'].includes(name)) kept[name] = value;
  });
  return kept;
}

/**
 * What a sync interval (250 ms) does between requests: the server that answered sends its unsent hits
 * first, then the other hears the shared count.
 */
async function settle(first: TestApp, second: TestApp) {
  await first.app.syncRateLimits();
  await second.app.syncRateLimits();
}

describe.each(DATABASE_KINDS)('Order Lookup on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, BEHIND_PROXY);
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.useRealTimers());

  it('answers the order for its number and email, however they are typed, in both forms', async () => {
    const row = await seedOrder(t, { tracking: '9400111899223197428490' });
    const ip = newClient();
    const res = await lookUp(t, row.order_number, 'pat.shopper@example.com', ip);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const order: Order = OrderSchema.parse(res.body);
    expect(order).toEqual({
      orderNumber: row.order_number,
      status: 'completed',
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      tracking: '9400111899223197428490',
      carrier: null,
      // Not tracked by the shop's carrier job (no scans yet), not delivered by its scan.
      trackingEvents: [],
      deliveredAt: null,
      products: [
        {
          productId: SHIRT_PRODUCT_ID,
          design: 'alaska',
          size: 'mdr',
          position: 'Front',
          quantity: 2,
          productCost: 2250,
        },
      ],
      returns: [],
      shipping: {
        name: 'Pat Shopper',
        address: {
          line1: '1 Main St',
          line2: '',
          city: 'Raleigh',
          state: 'NC',
          postal_code: '27601',
          country: 'US',
        },
      },
      shippingOption: 'ground',
      billing: {
        name: 'Pat Shopper',
        email: 'Pat.Shopper@Example.com',
        phone: null,
        address: expect.objectContaining({ line1: '1 Main St', city: 'Raleigh' }),
        card: { brand: 'visa', last4: '4242' },
      },
      subTotal: 4500,
      shippingRate: 0,
      salesTax: 500,
      // An order recorded without its rate (as before issue 28) says so with null.
      salesTaxRate: null,
      total: 5000,
    });

    // The number as a person may type it (lower case, dashes, spaces); the email in capitals, spaced.
    const typed = `${row.order_number.slice(0, 5).toLowerCase()}-${row.order_number.slice(5)} `;
    const loose = await lookUp(t, typed, '  PAT.SHOPPER@EXAMPLE.COM ', ip);
    expect(loose.status).toBe(200);
    expect(loose.body).toEqual(res.body);

    const byUrl = await lookUpByUrl(t, row.order_number, 'Pat.Shopper@example.com', ip);
    expect(byUrl.status).toBe(200);
    expect(byUrl.headers.get('cache-control')).toBe('no-store');
    expect(byUrl.body).toEqual(res.body);
  });

  it('answers an unknown number and a wrong email with the same bytes and headers', async () => {
    const row = await seedOrder(t);
    const ip = newClient();
    const answers = [
      await lookUp(t, row.order_number, 'someone.else@example.com', ip),
      await lookUp(t, 'ZZZZZZZZZZ', 'pat.shopper@example.com', ip),
      await lookUp(t, row.order_number, 'pat.shopper@example.co', ip),
      await lookUpByUrl(t, row.order_number, 'someone.else@example.com', ip),
      await lookUpByUrl(t, 'ZZZZZZZZZZ', 'pat.shopper@example.com', ip),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      expect(res.text).toBe(answers[0]!.text);
      expect(telling(res.headers)).toEqual(telling(answers[0]!.headers));
    }
    expect(answers[0]!.headers.get('content-length')).toBe(String(answers[0]!.text.length));
    expect(answers[0]!.headers.get('cache-control')).toBe('no-store');
    // The order itself is there: the right email finds it.
    expect((await lookUp(t, row.order_number, 'pat.shopper@example.com', ip)).status).toBe(200);
  });

  it('refuses a missing number or email as bad input', async () => {
    const ip = newClient();
    const missing = await t.request('POST', '/api/orders/lookup', { orderNumber: 'ABC' }, from(ip));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'invalid_request' });
    const blank = await lookUp(t, '   ', 'pat@example.com', ip);
    expect(blank.status).toBe(400);
  });

  it('lets a client try 10 times a minute, POST and GET together; the 11th gets 429', async () => {
    const row = await seedOrder(t);
    const ip = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // Different numbers, so only the per-client window can refuse.
      const send = i % 2 ? lookUpByUrl : lookUp;
      statuses.push((await send(t, `NOPE${i}`, 'pat.shopper@example.com', ip)).status);
    }
    expect(statuses).toEqual(Array(10).fill(404));
    for (const send of [lookUp, lookUpByUrl]) {
      // Even with the right number and email.
      const refused = await send(t, row.order_number, 'pat.shopper@example.com', ip);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(RATE_LIMITED);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Another client is not held back, and other calls from this one count in their own window.
    expect((await lookUp(t, row.order_number, 'pat.shopper@example.com', newClient())).status).toBe(
      200,
    );
    expect((await t.request('GET', '/api/products/nope', undefined, from(ip))).status).toBe(404);
  });

  it("never lets a stranger's tries keep the owner out: an order number counts per client", async () => {
    const { order, email } = await deliveredOrder(t);
    const stranger = newClient();
    for (let i = 0; i < 10; i++) {
      const send = i % 2 ? lookUpByUrl : lookUp;
      expect((await send(t, order.orderNumber, `guess${i}@example.com`, stranger)).status).toBe(
        404,
      );
    }
    expect((await lookUp(t, order.orderNumber, email, stranger)).body).toEqual(RATE_LIMITED);

    // The owner, from another address, looks the order up and starts a guest return.
    const owner = newClient();
    const found = await lookUp(t, order.orderNumber.toLowerCase(), email.toUpperCase(), owner);
    expect(found.status).toBe(200);
    const returned = await returnAsGuest(t, found.body as Order, email, owner);
    expect(returned.status, returned.text).toBe(200);

    // The stranger is still refused, at either door, even with the right email.
    expect((await lookUpByUrl(t, order.orderNumber, email, stranger)).status).toBe(429);
    const door = await returnAsGuest(t, order, email, stranger);
    expect(door.status).toBe(429);
    expect(door.body).toEqual(RATE_LIMITED);
  });

  it('counts the guest return in the same window: 10 tries an order number per client in all', async () => {
    const { order, email } = await deliveredOrder(t);
    const ip = newClient();
    for (let i = 0; i < 5; i++) {
      expect((await returnAsGuest(t, order, `guess${i}@example.com`, ip)).status).toBe(404);
    }
    for (let i = 5; i < 10; i++) {
      expect((await lookUp(t, order.orderNumber, `guess${i}@example.com`, ip)).status).toBe(404);
    }
    expect((await returnAsGuest(t, order, email, ip)).status).toBe(429);
    // Each client has its own window: ten strangers, a try each, buy no more than ten tries each.
    for (let i = 0; i < 10; i++) {
      expect((await returnAsGuest(t, order, `other${i}@example.com`, newClient())).status).toBe(
        404,
      );
    }
    expect((await lookUp(t, order.orderNumber, email, newClient())).status).toBe(200);
  });

  it('counts in windows of a minute: tries are allowed again once it has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-05-01T10:00:00Z') });
    const row = await seedOrder(t);
    const ip = newClient();
    for (let i = 0; i < 10; i++) {
      expect((await lookUp(t, row.order_number, 'wrong@example.com', ip)).status).toBe(404);
    }
    expect((await lookUp(t, row.order_number, 'pat.shopper@example.com', ip)).status).toBe(429);
    await t.app.syncRateLimits();
    vi.setSystemTime(Date.parse('2026-05-01T10:01:01Z'));
    expect((await lookUp(t, row.order_number, 'pat.shopper@example.com', ip)).status).toBe(200);
  });

  it('holds both limits across two servers on one database', async () => {
    const b = await attachApp(t.database, {}, BEHIND_PROXY);
    try {
      const { order, email } = await deliveredOrder(t);
      const ip = newClient();
      for (let i = 0; i < 10; i++) {
        const [server, other] = i % 2 ? [b, t] : [t, b];
        const res = await lookUp(server, order.orderNumber, 'wrong@example.com', ip);
        expect(res.status).toBe(404);
        await settle(server, other);
      }
      for (const server of [t, b]) {
        // Per client, any number; per order number and client, at the door with no client limit.
        expect((await lookUp(server, `OTHER${server === t}`, 'x@example.com', ip)).status).toBe(
          429,
        );
        expect((await returnAsGuest(server, order, email, ip)).status).toBe(429);
        // Another client is answered on either server.
        expect((await lookUp(server, order.orderNumber, email, newClient())).status).toBe(200);
      }
      await settle(t, b);
      const proof = `order-proof:order-client|${order.orderNumber}|${ip}`;
      const windows = await t.database.db
        .selectFrom('rate_limits')
        .select(['key', 'count'])
        .where('key', 'in', [`order-lookup|${ip}`, proof])
        .orderBy('key')
        .execute();
      expect(windows.map((w) => [w.key, Number(w.count)])).toEqual([
        [`order-lookup|${ip}`, 12],
        [proof, 12],
      ]);
    } finally {
      await b.close();
    }
  });

  it('documents both forms in OpenAPI with their 404 and 429', async () => {
    const doc = (await t.request('GET', '/api/docs/json')).body as {
      paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>;
    };
    for (const op of [
      doc.paths['/api/orders/lookup']?.post,
      doc.paths['/api/orders/lookup/{orderNumber}/{email}']?.get,
    ]) {
      expect(op).toMatchObject({
        tags: ['orders'],
        summary: expect.any(String),
        description: expect.stringContaining('No order found.'),
      });
      expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '404', '429']));
    }
  });
});

/**
 * Two servers on two separate databases sharing only Redis (REDIS_URL, a database the tests may flush):
 * only Redis can hold the limits.
 */
describe.skipIf(!REDIS_URL)('Order Lookup limits in Redis (REDIS_URL)', () => {
  it('hold across two servers that share only Redis', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL!);
    await redis.flushdb();
    const env = { REDIS_URL, ...BEHIND_PROXY };
    const a = await createTestApp('sqlite', {}, env);
    const b = await createTestApp('sqlite', {}, env);
    try {
      const row = await seedOrder(a);
      // Per order number and client: one client, alternately on each server; the order is in a's
      // database only, so only Redis can refuse it on b.
      const guesser = newClient();
      for (let i = 0; i < 10; i++) {
        const [server, other] = i % 2 ? [b, a] : [a, b];
        const res = await lookUpByUrl(server, row.order_number, 'wrong@example.com', guesser);
        expect(res.status).toBe(404);
        await settle(server, other);
      }
      const refused = await b.request(
        'POST',
        '/api/orders/return',
        {
          order: { orderNumber: row.order_number, email: 'x@example.com' },
          products: [],
          orderProductCount: 0,
        },
        from(guesser),
      );
      expect(refused.body).toEqual(RATE_LIMITED);
      // Another client is not held back.
      expect(
        (await lookUp(a, row.order_number, 'pat.shopper@example.com', newClient())).status,
      ).toBe(200);
      // Per client.
      const ip = newClient();
      for (let i = 0; i < 10; i++) {
        const [server, other] = i % 2 ? [b, a] : [a, b];
        expect((await lookUp(server, `N${i}`, 'x@example.com', ip)).status).toBe(404);
        await settle(server, other);
      }
      expect((await lookUp(b, 'N10', 'x@example.com', ip)).status).toBe(429);
      expect((await lookUp(a, 'N11', 'x@example.com', ip)).status).toBe(429);
      await settle(a, b);
      expect(
        await redis.get(
          `sunward:rate-limit:order-proof:order-client|${row.order_number}|${guesser}`,
        ),
      ).toBe('11');
      expect(await redis.get(`sunward:rate-limit:order-lookup|${ip}`)).toBe('12');
      expect(await redis.pttl(`sunward:rate-limit:order-lookup|${ip}`)).toBeGreaterThan(50_000);
      expect(await a.database.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    } finally {
      await a.close();
      await b.close();
      await redis.quit();
    }
  });
});
