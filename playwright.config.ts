import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4173);
// One temp directory per run: the test workers inherit it from the main process through the env, and
// tests reach the database file through E2E_DATABASE_FILE (e.g. to mark a size out of stock).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_DATABASE_FILE = path.join(dataDir, 'shop.db');

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    // Layout-specific journeys carry a @mobile or @desktop tag in their title.
    {
      name: 'mobile',
      grepInvert: /@desktop/,
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
    },
    {
      name: 'desktop',
      grepInvert: /@mobile/,
      use: { ...devices['Desktop Chrome'], browserName: 'chromium' },
    },
  ],
  webServer: {
    command: `node apps/server/dist/main.mjs`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The origin the browser uses, so payment return and challenge URLs stay on it.
      SITE_URL: `http://127.0.0.1:${port}`,
      // E2E_DATABASE_URL runs the journeys on PostgreSQL (an empty database; .ci/run makes one).
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? `sqlite:${path.join(dataDir, 'shop.db')}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // No catalogue caching, so a test's change to the inventory shows at once.
      CATALOG_CACHE_MS: '0',
    },
  },
});
