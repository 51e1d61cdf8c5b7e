/**
 * Issue 25, item 5: the limits that guard against guessing (a route's own, a keyed one) are counted
 * exactly across processes: a burst sent to two servers at once gets `max` answers in all, never up to
 * `max` from each, with no sync between them. (In Redis: rate-limit.test.ts, which owns the test Redis.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { burst } from '../../test/burst.ts';
import { DATABASE_KINDS, attachApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { databaseWindows, rateLimitStore } from './rate-limit-store.ts';
import { LaneLimiter } from '../lib/rate-limiter.ts';

describe.each(DATABASE_KINDS)('limits that guard against guessing, on one %s database', (kind) => {
  const open: TestApp[] = [];
  afterEach(async () => {
    // The attached server first: it closes only its own connections.
    for (const t of open.splice(0).reverse()) await t.close();
  });
  const pair = async (env: NodeJS.ProcessEnv = {}) => {
    const a = await createTestApp(kind, {}, env);
    open.push(a);
    const b = await attachApp(a.database, {}, env);
    open.push(b);
    return [a, b] as const;
  };

  it('Order Lookup: 10 tries a minute per client in all, from a burst of 30 over two servers', async () => {
    const [a, b] = await pair();
    // Thirty different order numbers: only the per-client window can refuse.
    const counted = await burst(a, b, 30, (t, i) =>
      t.request('POST', '/api/orders/lookup', {
        orderNumber: `NOSUCH${String(i).padStart(4, '0')}`,
        email: 'someone@example.com',
      }),
    );
    expect(counted).toEqual({ 404: 10, 429: 20 });
  });

  it('Support: 5 messages a minute per client in all, from a burst of 16 over two servers', async () => {
    const [a, b] = await pair();
    const counted = await burst(a, b, 16, (t, i) =>
      t.request('POST', '/api/support', { email: 'ada@example.com', message: `Hello ${i}` }),
    );
    expect(counted).toEqual({ 200: 5, 429: 11 });
  });

  it('a keyed limit (the order proof) counts every process’s tries at once', async () => {
    const [a] = await pair();
    // Two stores on one database: what two processes' keyedRateLimit use.
    const stores = [0, 1].map(() =>
      rateLimitStore({
        windows: databaseWindows(a.database.db),
        lane: new LaneLimiter(databaseWindows(a.database.db), 1_000),
        onLimitReached: () => {},
        onError: (err) => {
          throw err;
        },
      }).named('order-proof:order-client'),
    );
    const counts = await Promise.all(
      Array.from(
        { length: 24 },
        (_, i) =>
          new Promise<number>((resolve, reject) =>
            stores[i % 2]!.incr(
              'ORDER1|203.0.113.9',
              (error, result) => (error || !result ? reject(error) : resolve(result.current)),
              60_000,
              10,
            ),
          ),
      ),
    );
    // Each try got its own place in one window: 1 to 24, none twice.
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(counts.filter((c) => c <= 10)).toHaveLength(10);
  });
});
