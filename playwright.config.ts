import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/chromium.mjs';

// One worker per core (E2E_WORKERS to change it). Each worker starts its own shop with its own database
// (tests/e2e/support/fixtures.ts), so the journeys run side by side; a spec whose tests depend on each
// other says so with test.describe.configure({ mode: 'serial' }).
const workers = Number(process.env.E2E_WORKERS) || availableParallelism();

export default defineConfig({
  testDir: 'tests/e2e',
  // A long journey (three pages, an accessibility scan on each) on a 2-core machine running a shop and a
  // browser per worker.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers,
  // No retries: a journey that fails once has a cause to find and fix.
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    // A trace records a screencast and a DOM snapshot at every step, for every journey, to keep the
    // failed ones: JPEG frames encoded by the browser all through the run. Asked for when wanted
    // (E2E_TRACE=1, or `--trace on`); a failure still keeps its screenshot and error.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    // A journey runs at both widths where what it checks is laid out differently on a phone and a
    // desktop. One whose outcome is the same at any width runs once, tagged in its title: @mobile (most
    // shoppers are on phones) or @desktop (the console's operators, keyboard journeys). Decision 030.
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
});
