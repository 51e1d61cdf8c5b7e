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
 * The server's cross-feature imports, file by file (apps/server/README.md): a feature may import another
 * feature only through the files listed here; cycles are refused everywhere (no-cycle). Providers are
 * wired in plugins/providers.ts, so features take them as decorators or arguments and import only their
 * types; the catalogue owns pricing and stock. Shrink this list, do not grow it.
 */
const SERVER = 'apps/server/src';
/**
 * Modules whose purpose is to serve every feature: the settings' one owner (issue 11) and the email
 * outbox with its layout. Any feature may import these.
 */
const serverShared = [
  'settings/settings.ts',
  'email/email.service.ts',
  'email/email-layout.ts',
  'email/email-sender.ts',
  // One-time links hidden wherever an operator reads an email (issue 23): the outbox, the export.
  'email/one-time-links.ts',
  // Operators (issue 15): who they are and the record of what they did, for every feature's console
  // actions.
  'operators/operator.ts',
  'operators/operator-actions.ts',
];
/** @type {Record<string, string[]>} */
const serverCrossFeature = {
  // /api/admin registers each area's console routes inside its operator check (issue 15).
  admin: [
    'catalog/admin-catalog.routes.ts',
    'console-orders/admin-orders.routes.ts',
    'returns/admin-returns.routes.ts',
    'settings/admin-settings.routes.ts',
    'support/admin-support.routes.ts',
    'support/admin-data-requests.routes.ts',
    'customers/admin-customers.routes.ts',
    'email/admin-emails.routes.ts',
    'client-errors/admin-errors.routes.ts',
    'console-jobs/admin-jobs.routes.ts',
  ],
  // The server cart (issue 13): lines checked by the catalogue, for the caller's own customer; what a
  // placed order bought leaves the bag by a reaction to the orders' event, read through their door
  // (issue 25, decision 031).
  cart: [
    'catalog/price-bag.ts',
    'customers/customers.service.ts',
    'customers/auth-user.ts',
    'orders/orders.api.ts',
    'orders/orders.events.ts',
  ],
  checkout: [
    'catalog/price-bag.ts',
    // create-pi: the signed-in caller's checkout belongs to their customer (issue 13).
    'customers/customers.service.ts',
    'catalog/stock.service.ts',
    'payments/payment-provider.ts',
    'payments/return-url.ts',
    'usps/usps.types.ts',
  ],
  // The console's work on orders (issue 15), through the orders' door (issue 24).
  'console-orders': ['orders/orders.api.ts', 'email/payment-refunded.template.ts'],
  // The console's jobs screen (issue 25) says what a failed job was for through the job's owner.
  'console-jobs': ['email/email-jobs.console.ts', 'labels/return-label-jobs.console.ts'],
  // The access tokens' checker (issue 24) says who a token speaks for in the customers' terms.
  identity: ['customers/auth-user.ts'],
  // Guest orders claimed once the customer's email is verified (issue 12).
  customers: ['orders/guest-orders.ts'],
  // A signed-in sender's support or data request records their customer (issue 14).
  support: ['customers/customers.service.ts'],
  orders: [
    'catalog/price-bag.ts',
    'catalog/stock.service.ts',
    'checkout/checkout.service.ts',
    // The caller's own orders (list, cancel) are those of their customer (issue 13).
    'customers/customers.service.ts',
    'email/order-cancelled.template.ts',
    'email/order-confirmation.template.ts',
    'email/payment-refunded.template.ts',
    // An operator marks an order shipped: the customer gets the tracking link (issue 15).
    'email/order-shipped.template.ts',
    'payments/payment-provider.ts',
    // Every Order view shows its return records (issue 14).
    'returns/return-records.ts',
  ],
  // A recorded return's label is made by a reaction to the returns' event (issue 25, decision 031).
  labels: ['returns/returns.events.ts'],
  // The prerendered pages (issue 16) render the catalogue's answers, read as its routes read them.
  pages: ['catalog/catalog.service.ts'],
  // Returns (issue 14): of the caller's own order (customers), checked and recorded under the order's
  // lock with its status change (orders), the exchange's new size taken from stock (catalog), the fee
  // quoted as /api/usps/prices quotes it (usps), and the email.
  returns: [
    'catalog/stock.service.ts',
    'customers/customers.service.ts',
    'email/return-requested.template.ts',
    // The console issues a missing label and sends its email again (issue 15).
    'labels/return-labels.service.ts',
    // The console refunds a return through the orders' one refund path (issue 15).
    'orders/order-refunds.service.ts',
    'orders/order-views.ts',
    'orders/orders.repository.ts',
    'orders/orders.table.ts',
    'payments/payment-provider.ts',
    'usps/usps.service.ts',
    'usps/usps.types.ts',
  ],
};
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
const serverFeatureZones = [
  ...foldersIn(`${SERVER}/features`).map((feature) => ({
    target: `./${SERVER}/features/${feature}`,
    from: `./${SERVER}/features`,
    except: [
      `./${feature}`,
      ...[...serverShared, ...(serverCrossFeature[feature] ?? [])].map((file) => `./${file}`),
    ],
    message:
      'A feature must not import another feature except through the allow-list in eslint.config.js.',
  })),
];

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
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'apps/server/test/**/*.ts'],
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
