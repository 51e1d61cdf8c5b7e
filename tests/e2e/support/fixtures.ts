import { test as base } from '@playwright/test';
import { setCurrentShop, startShop, type ShopServer } from './shop-server.ts';

/**
 * The journeys' `test`: each Playwright worker runs its own shop (the built server on a free port)
 * with its own database, a SQLite file, or with E2E_DATABASE_URL a PostgreSQL database created for
 * it on that server, so workers never see each other's orders, accounts or settings. Its origin is
 * the worker's `baseURL` (pages, `request`, and every `browser.newContext()`); support/database.ts,
 * outbox.ts and operator.ts reach its database. Stopped (and its database removed) when the worker
 * ends.
 */
export const test = base.extend<object, { shop: ShopServer }>({
  shop: [
    // Playwright reads a fixture's dependencies from the pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const shop = await startShop({
        name: `w${workerInfo.parallelIndex}`,
        postgresUrl: process.env.E2E_DATABASE_URL || undefined,
      });
      setCurrentShop(shop);
      try {
        await use(shop);
      } finally {
        setCurrentShop(undefined);
        await shop.stop();
      }
    },
    // Started before the worker's first test even when it asks for no page (a database check).
    { scope: 'worker', auto: true, timeout: 150_000 },
  ],
  baseURL: async ({ shop }, use) => {
    await use(shop.origin);
  },
});

export { expect } from '@playwright/test';
