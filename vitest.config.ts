import { defineConfig } from 'vitest/config';
import { webNode } from './apps/web/vitest.config.ts';

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; API tests spend much of their time waiting on a
    // database or a socket, so two files at once keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
          // Pure functions: the files share one module graph per worker instead of importing it each.
          isolate: false,
        },
      },
      {
        test: {
          name: 'art',
          include: ['packages/art/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Migrates (and seeds) the test databases' templates once per run (test-app.ts copies them).
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each file imports the whole app (Fastify, the OIDC provider, the ZIP tables: seconds); sharing
          // the module graph per worker pays that once. Files share no state: each has its own database
          // and apps, and no file mocks a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      webNode,
    ],
  },
});
