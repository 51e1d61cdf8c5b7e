import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DATABASE_KINDS,
  attachApp,
  createTestApp,
  createTestDatabase,
  type TestApp,
} from '../../test/test-app.ts';
import { cartLine } from '../features/checkout/checkout.factories.ts';
import { burst } from '../../test/burst.ts';

const REDIS_URL = process.env.REDIS_URL;
if (process.env.REQUIRE_REDIS === '1' && !REDIS_URL) {
  throw new Error('REQUIRE_REDIS=1 but REDIS_URL is not set: the Redis store would not be tested.');
}

/** The requests that matter, in turn: checkout, an unknown URL, a bad URL, an unknown product. */
const REQUESTS: Array<(t: TestApp) => Promise<{ status: number }>> = [
  (t) => t.request('POST', '/api/orders/create-pi-guest', { cart: [cartLine()] }),
  (t) => t.request('GET', '/api/no-such-route'),
  (t) => t.request('GET', '/api/%E0%A4%A'),
  (t) => t.request('GET', '/api/products/nope'),
];
const NOT_LIMITED = [200, 404, 400, 404];

/**
 * What a sync interval (250 ms) does between requests: each server sends its unsent hits and hears the
 * shared count (the one that served the request first).
 */
async function settle(first: TestApp, ...others: TestApp[]) {
  for (const t of [first, ...others]) await t.app.syncRateLimits();
}

/**
 * Sends `max` requests alternately to `a` and `b`, each of them through as usual, and then one more
 * to each: both refused, so the two servers counted in one window.
 */
async function holdsAcross(a: TestApp, b: TestApp, max: number) {
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) {
    const server = i % 2 ? b : a;
    statuses.push((await REQUESTS[i % 4]!(server)).status);
    await settle(server, server === a ? b : a);
  }
  expect(statuses).toEqual(Array.from({ length: max }, (_, i) => NOT_LIMITED[i % 4]));
  for (const server of [a, b]) {
    for (const send of REQUESTS) {
      expect((await send(server)).status).toBe(429);
    }
  }
  await settle(a, b);
}

describe.each(DATABASE_KINDS)('rate limits shared by two processes on one %s database', (kind) => {
  const open: TestApp[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    // The attached server first: it closes only its own connections.
    for (const t of open.splice(0).reverse()) await t.close();
  });
  const pair = async (max: number) => {
    const a = await createTestApp(kind, { rateLimitMax: max });
    open.push(a);
    const b = await attachApp(a.database, { rateLimitMax: max });
    open.push(b);
    return [a, b] as const;
  };

  it('lets N requests through across both servers, then refuses the next on either', async () => {
    const [a, b] = await pair(6);
    await holdsAcross(a, b, 6);
    const refused = await b.request('GET', '/api/no-such-route');
    expect(refused.body).toEqual({
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'rate_limited',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    await settle(b, a);
    const rows = await a.database.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows.map((r) => [r.key, Number(r.count)])).toEqual([['127.0.0.1', 6 + 8 + 1]]);
  });

  it('counts the fast lane’s answers in the shared window', async () => {
    const [a, b] = await pair(5);
    const lane = a.app.fastLane.answered;
    for (let i = 0; i < 5; i++) expect((await a.request('GET', '/api/designs')).status).toBe(200);
    expect(a.app.fastLane.answered).toBe(lane + 4); // the first filled the cache
    await a.app.laneLimiter.sync();
    // b has not answered this client yet, so it does not know its count: its first answer is the
    // overshoot one sync interval allows (decision 010); once b has synced, it refuses too.
    expect((await b.request('GET', '/api/designs')).status).toBe(200);
    await b.app.syncRateLimits();
    expect((await b.request('GET', '/api/designs')).status).toBe(429);
    expect((await a.request('GET', '/api/designs')).status).toBe(429);
    expect((await b.request('POST', '/api/orders/create-pi-guest', { cart: [] })).status).toBe(429);
  });

  it('gives log-error its own window of 20 a minute, on both servers', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-05-01T10:00:00Z') });
    const [a, b] = await pair(10_000);
    const report = (t: TestApp, i: number) =>
      t.request('POST', '/api/log-error', { message: `e${i}` }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(await report(i % 2 ? b : a, i));
      await settle(i % 2 ? b : a, i % 2 ? a : b);
    }
    expect(statuses).toEqual([...Array(20).fill(202), 429]);
    // Other routes count in the global window, untouched by the reports.
    expect((await a.request('GET', '/api/products/nope')).status).toBe(404);

    vi.setSystemTime(Date.parse('2026-05-01T10:00:59Z'));
    expect(await report(b, 21)).toBe(429);
    const refused = await a.request('POST', '/api/log-error', { message: 'late' });
    expect(Number(refused.headers.get('retry-after'))).toBe(1);
    vi.setSystemTime(Date.parse('2026-05-01T10:01:00.5Z'));
    expect(await report(b, 22)).toBe(202);
    expect(await report(a, 23)).toBe(202);
    const stored = await a.database.db.selectFrom('client_errors').select('id').execute();
    expect(stored).toHaveLength(22);
  });

  it.runIf(kind === 'sqlite')(
    "stores the counts without waiting for the log's sync (a losable write)",
    async () => {
      const [a] = await pair(10);
      expect((await a.request('GET', '/api/no-such-route')).status).toBe(404);
      const waited = a.database.commits!.requests;
      await a.app.syncRateLimits();
      expect(a.database.commits!.requests).toBe(waited);
      const windows = await a.database.db.selectFrom('rate_limits').select('key').execute();
      expect(windows.length).toBeGreaterThan(0);
    },
  );

  it('deletes windows that have ended', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-05-01T10:00:00Z') });
    const [a] = await pair(10);
    await a.request('GET', '/api/no-such-route');
    await a.request('POST', '/api/log-error', { message: 'x' });
    await a.app.syncRateLimits();
    const windows = () => a.database.db.selectFrom('rate_limits').select('key').execute();
    expect(await windows()).toHaveLength(2);
    vi.setSystemTime(Date.parse('2026-05-01T10:01:01Z'));
    const { databaseWindows } = await import('./rate-limit-store.ts');
    await databaseWindows(a.database.db).sweep();
    expect(await windows()).toEqual([]);
  });
});

/**
 * Runs when REDIS_URL names a Redis the tests may flush (e.g. redis://127.0.0.1:6379/15): two servers
 * on two separate databases, so only Redis can hold the limit.
 */
describe.skipIf(!REDIS_URL)('rate limits in Redis (REDIS_URL)', () => {
  it('hold across two servers that share only Redis', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL!);
    await redis.flushdb();
    const a = await createTestApp('sqlite', { rateLimitMax: 6 }, { REDIS_URL });
    const b = await createTestApp('sqlite', { rateLimitMax: 6 }, { REDIS_URL });
    try {
      await holdsAcross(a, b, 6);
      expect(await a.database.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
      expect(Number(await redis.get('sunward:rate-limit:127.0.0.1'))).toBe(6 + 8);
      expect(await redis.pttl('sunward:rate-limit:127.0.0.1')).toBeGreaterThan(50_000);

      // The fast lane's answers reach Redis in its batched write.
      await redis.flushdb();
      for (let i = 0; i < 3; i++) await a.request('GET', '/api/designs');
      await a.app.laneLimiter.sync();
      expect(Number(await redis.get('sunward:rate-limit:127.0.0.1'))).toBe(3);
    } finally {
      await a.close();
      await b.close();
      await redis.quit();
    }
  });

  it('count Order Lookup’s tries exactly across two servers that share only Redis', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL!);
    await redis.flushdb();
    const a = await createTestApp('sqlite', {}, { REDIS_URL });
    const b = await createTestApp('sqlite', {}, { REDIS_URL });
    try {
      // Different order numbers, sent at once with no sync: only the per-client window refuses.
      const counted = await burst(a, b, 24, (t, i) =>
        t.request('POST', '/api/orders/lookup', {
          orderNumber: `NOSUCH${String(i).padStart(4, '0')}`,
          email: 'someone@example.com',
        }),
      );
      expect(counted).toEqual({ 404: 10, 429: 14 });
      expect(Number(await redis.get('sunward:rate-limit:order-lookup|127.0.0.1'))).toBe(24);
    } finally {
      await a.close();
      await b.close();
      await redis.quit();
    }
  });
});

describe('a rate-limit store that fails', () => {
  it('answers and still limits by its own count rather than failing every API request', async () => {
    const database = await createTestDatabase('sqlite');
    const t = await attachApp(database, { rateLimitMax: 3 });
    try {
      await database.db.schema.dropTable('rate_limits').execute();
      for (let i = 0; i < 3; i++) {
        expect((await t.request('GET', '/api/products/nope')).status).toBe(404);
        await t.app.syncRateLimits(); // fails, logged; the hits are kept for the next write
      }
      expect((await t.request('GET', '/api/products/nope')).status).toBe(429);
    } finally {
      await t.close();
      await database.drop();
    }
  });
});
