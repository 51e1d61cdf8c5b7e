/**
 * Two servers on one database, as behind a load balancer: an operator's change on one is answered at
 * once by that one (it drops its cached catalogue), and by the other within its CATALOG_CACHE_MS,
 * not after a restart. The lists go through the fast lane, the inventory through Fastify.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS, attachApp, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { operatorToken } from '../operators/operators.factories.ts';

/** Longer than any run of this test, so only the test's clock (below) can make an entry stale. */
const CACHE_MS = 60_000;

describe.each(DATABASE_KINDS)('the console’s changes on two servers on %s', (kind) => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp(kind, { catalogCacheMs: CACHE_MS });
    two = await attachApp(one.database, { catalogCacheMs: CACHE_MS });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  /** What a server's storefront answers now: the size's flag, the price, the target, the designs. */
  const storefront = async (t: TestApp) => {
    const inventory = (await t.request('GET', `/api/inventory/${SHIRT_PRODUCT_ID}`)).body as {
      sizes: Record<string, { outOfStock: boolean }>;
    };
    const [product] = (await t.request('GET', '/api/products')).body as {
      prices: { unit_amount: number }[];
    }[];
    const configuration = (await t.request('GET', '/api/configuration')).body as {
      freeShippingTarget: number;
    };
    const designs = (await t.request('GET', '/api/designs')).body as { designName: string }[];
    return {
      xlrOut: inventory.sizes.xlr!.outOfStock,
      price: product!.prices[0]!.unit_amount,
      target: configuration.freeShippingTarget,
      alaska: designs.some((d) => d.designName === 'alaska'),
    };
  };

  it('the server that made the change follows at once, the other within its cache time', async () => {
    const before = { xlrOut: false, price: 4500, target: 10_000, alaska: true };
    expect(await storefront(one)).toEqual(before);
    expect(await storefront(two)).toEqual(before);

    const as = { operator: (await operatorToken(one)).headers };
    const changes = await Promise.all([
      one.request(
        'PATCH',
        `/api/admin/catalog/products/${SHIRT_PRODUCT_ID}/sizes/xlr`,
        { version: 0, outOfStock: true },
        as.operator,
      ),
      one.request(
        'PATCH',
        `/api/admin/catalog/products/${SHIRT_PRODUCT_ID}/price`,
        { expectedPriceId: SHIRT_PRICE_ID, unitAmount: 5200 },
        as.operator,
      ),
      one.request('PATCH', '/api/admin/settings', { freeShippingTarget: 7500 }, as.operator),
      one.request('PATCH', '/api/admin/catalog/designs/alaska', { active: false }, as.operator),
    ]);
    expect(changes.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    const after = { xlrOut: true, price: 5200, target: 7500, alaska: false };
    expect(await storefront(one)).toEqual(after);

    // The other server's answers were cached before the change: they follow once CACHE_MS has
    // passed. The cache (lru-cache) reads the time from the global `performance`: its clock moves on
    // by CACHE_MS here instead of the test waiting that long. lru-cache keeps a reading for up to 1 ms,
    // so the answers are polled until it reads the clock again.
    const realNow = performance.now.bind(performance);
    const later = vi.spyOn(performance, 'now').mockImplementation(() => realNow() + CACHE_MS + 1);
    try {
      await expect.poll(() => storefront(two)).toEqual(after);
    } finally {
      later.mockRestore();
    }
  });
});
