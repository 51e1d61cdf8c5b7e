// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;
const at = (/** @type {string} */ dir) => path.join(root, dir);
const foldersIn = (/** @type {string} */ dir) =>
  readdirSync(at(dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Import direction (decision 010), as bulletproof-react enforces it with `no-restricted-paths` zones:
 * a zone forbids files under `target` to import anything under `from` (except `except`).
 */
const WEB = 'apps/web/src';
const webZones = [
  // Features are islands: one feature never imports another (compose them in app/).
  ...foldersIn(`${WEB}/features`).map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message:
      'Features must not import each other; lift shared code to src/shared or compose in src/app.',
  })),
  {
    target: `./${WEB}/features`,
    from: `./${WEB}/app`,
    message: 'Imports run shared -> features -> app: a feature must not import the app shell.',
  },
  {
    target: `./${WEB}/shared`,
    from: [`./${WEB}/features`, `./${WEB}/app`],
    message:
      'Imports run shared -> features -> app: shared code must not import features or the app.',
  },
];

/**
 * The server's features (apps/server/README.md, decision 032): a feature may import another feature
 * only through its one door, `<feature>/<feature>.api.ts`, which exports what others may call
 * (functions taking the caller's `db` or transaction, types, templates, its events). There is no
 * allow-list: a new need is a new export of the door. Cycles are refused everywhere (no-cycle), and
 * between feature folders by dependency-cruiser (`npm run lint:folders`). Providers are wired in
 * plugins/providers.ts, so features take them as decorators or arguments and import only their types.
 */
const SERVER = 'apps/server/src';
const serverFeatures = foldersIn(`${SERVER}/features`);
const serverLayerZones = [
  {
    // lib/ and db/ are the bottom layer. database.ts composes the table types of every feature
    // (convention 5), so *.table.ts files are the exception.
    target: [`./${SERVER}/lib/**`, `./${SERVER}/db/**`],
    from: [`./${SERVER}/features/**`, `./${SERVER}/plugins/**`],
    except: [
      `${at(SERVER)}/**/*.table.ts`,
      // The seed writes the default settings through their one owner.
      `${at(SERVER)}/features/**/settings/settings.ts`,
    ],
    message: 'lib/ and db/ are the bottom layer: they must not import features or plugins.',
  },
  {
    target: `./${SERVER}/features`,
    from: `./${SERVER}/plugins`,
    message: 'Features must not import plugins: plugins wire features, not the other way round.',
  },
];
const serverFeatureZones = serverFeatures.map((feature) => ({
  target: `./${SERVER}/features/${feature}`,
  from: `./${SERVER}/features`,
  except: [
    `./${feature}`,
    ...serverFeatures.filter((other) => other !== feature).map((o) => `./${o}/${o}.api.ts`),
  ],
  message:
    "A feature may import another feature only through its door, `<feature>/<feature>.api.ts` (decision 032): export what you need from the other feature's door.",
}));

/**
 * The shapes a sleep takes in a test, for `no-restricted-syntax`. What a test waits for instead: an
 * event or a promise the code resolves, expect.poll or vi.waitFor, Testing Library's waitFor, a
 * Playwright auto-waiting assertion, or fake time (vi.useFakeTimers, a spied clock).
 */
const WAIT_INSTEAD =
  'Wait for the outcome instead: an event or a promise the code resolves, expect.poll / vi.waitFor, ' +
  "Testing Library's waitFor, a Playwright auto-waiting assertion (expect(locator)...), or fake timers " +
  '(vi.useFakeTimers, vi.advanceTimersByTime).';
/** A setTimeout callback that settles a promise and does nothing else: `r`, `() => r()`, `() => { r(); }`. */
const SETTLES_ONLY = [
  "[arguments.0.type='Identifier']",
  "[arguments.0.body.type='CallExpression'][arguments.0.body.callee.type='Identifier']",
  "[arguments.0.body.body.length=1][arguments.0.body.body.0.expression.callee.type='Identifier']",
].join(', ');
const noSleepsInTests = [
  {
    selector: "CallExpression[callee.property.name='waitForTimeout']",
    message: `waitForTimeout() sleeps for a fixed time. ${WAIT_INSTEAD}`,
  },
  {
    selector:
      "NewExpression[callee.name='Promise'] CallExpression:matches([callee.name='setTimeout'], [callee.object.name=/^(globalThis|window|self)$/][callee.property.name='setTimeout'])",
    message: `A promise settled by setTimeout is a sleep. ${WAIT_INSTEAD}`,
  },
  {
    selector: `CallExpression[callee.name='setTimeout']:matches(${SETTLES_ONLY})`,
    message: `A setTimeout that only settles a promise is a sleep. ${WAIT_INSTEAD}`,
  },
  {
    selector: 'ImportDeclaration[source.value=/^(node:)?timers.promises$/]',
    message: `timers/promises (setTimeout, setInterval, scheduler.wait) sleeps. ${WAIT_INSTEAD}`,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'bench/results/**',
      'apps/web/src/generated/**',
      'packages/art/.cache/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Browser code, and browser tests whose callbacks run in the page.
    files: ['apps/web/src/**/*.{ts,tsx}', 'tests/e2e/**/*.{ts,mjs}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Import direction and no cycles, on the web app and the server (decision 010).
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/server/src/**/*.{ts,tsx}',
      'apps/server/test/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      // Read TypeScript files when following imports (without these, no-cycle sees no .ts module).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...webZones, ...serverLayerZones, ...serverFeatureZones] },
      ],
    },
  },
  {
    // A server test drives the whole app, so it may use another feature's factories and helpers; the
    // layers and the no-cycle rule still hold.
    files: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.factories.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverLayerZones] }],
    },
  },
  {
    // packages/core is pure: no I/O.
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'http'], message: 'packages/core is pure: no I/O.' },
          ],
        },
      ],
    },
  },
  {
    // Tests never wait on a clock (issue 24): a sleep passes or fails with the machine's load.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/e2e/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noSleepsInTests] },
  },
);
