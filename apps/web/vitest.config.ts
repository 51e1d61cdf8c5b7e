import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Two projects on the same Vite config: `web` runs the component tests (`*.test.tsx`) and the `*.test.ts`
 * files that use the browser's APIs (storage, location, the OIDC client's stores) in jsdom; `web-node`
 * runs the other `*.test.ts` files (formats, paths, API calls) in Node, where a file starts without
 * building a document. A new `.test.ts` that needs the DOM fails in Node (`localStorage is not
 * defined`): list it in NEEDS_DOM. `npx vitest run --project 'web*'` runs both projects.
 */
const NEEDS_DOM = [
  'src/features/checkout/hooks/follow-redirect.test.ts',
  'src/shared/auth/auth-settings.test.ts',
  'src/shared/bag/bag-store.test.ts',
  'src/shared/bag/signed-in-bag.test.ts',
  'src/shared/bag/signed-in-changes.test.ts',
  'src/shared/console/download-file.test.ts',
];

const project = (
  name: string,
  environment: 'jsdom' | 'node',
  include: string[],
  exclude: string[] = [],
) =>
  mergeConfig(
    viteConfig,
    defineConfig({
      test: {
        name,
        root: import.meta.dirname,
        environment,
        include,
        exclude: [...configDefaults.exclude, ...exclude],
        // Each file in a fresh VM context of a worker that stays: jsdom and the libraries load once per
        // worker rather than once per file, and no module, store or timer carries over between files.
        pool: 'vmForks',
        setupFiles: ['./src/test/setup.ts'],
        // Journeys through a whole page (type, verify, choose, pay) take a few seconds on a loaded CI box.
        testTimeout: 20_000,
      },
    }),
  );

export const webNode = project(
  'web-node',
  'node',
  ['src/**/*.test.ts', 'vite/**/*.test.ts'],
  NEEDS_DOM,
);

export default project('web', 'jsdom', ['src/**/*.test.tsx', ...NEEDS_DOM]);
