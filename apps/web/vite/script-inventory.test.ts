/**
 * The payment page's script inventory check (decision 056): the chunks /checkout can load, by name,
 * each listed in script-inventory.json or the build fails naming it; integrity on index.html's tags
 * and the import map before them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  pageGraph,
  sri,
  staleEntries,
  unlistedScripts,
  withIntegrity,
  type Inventory,
  type Manifest,
} from './script-inventory.ts';

const PAGE = 'src/app/routes/checkout-page.tsx';

/** A build's manifest as Vite writes it: the entry, the app it boots, two pages and the console. */
const manifest: Manifest = {
  'index.html': {
    file: 'static/index-AAAAAAAA.js',
    name: 'index',
    src: 'index.html',
    isEntry: true,
    dynamicImports: ['_boot-BBBBBBBB.js'],
  },
  '_boot-BBBBBBBB.js': {
    file: 'static/boot-BBBBBBBB.js',
    name: 'boot',
    imports: ['_router-CCCCCCCC.js'],
    dynamicImports: [PAGE, 'src/app/routes/account-page.tsx', 'src/app/layout/console-layout.tsx'],
  },
  '_router-CCCCCCCC.js': { file: 'static/router-CCCCCCCC.js', name: 'router' },
  [PAGE]: {
    file: 'static/checkout-page-DDDDDDDD.js',
    name: 'checkout-page',
    src: PAGE,
    imports: ['_router-CCCCCCCC.js'],
    dynamicImports: ['src/features/checkout/components/stripe-payment-element.tsx'],
  },
  'src/features/checkout/components/stripe-payment-element.tsx': {
    file: 'static/stripe-payment-element-EEEEEEEE.js',
    name: 'stripe-payment-element',
    src: 'src/features/checkout/components/stripe-payment-element.tsx',
  },
  'src/app/routes/account-page.tsx': {
    file: 'static/account-page-FFFFFFFF.js',
    name: 'account-page',
    src: 'src/app/routes/account-page.tsx',
    imports: ['_chart-GGGGGGGG.js'],
  },
  '_chart-GGGGGGGG.js': { file: 'static/chart-GGGGGGGG.js', name: 'chart' },
  'src/app/layout/console-layout.tsx': {
    file: 'static/console-layout-HHHHHHHH.js',
    name: 'console-layout',
    src: 'src/app/layout/console-layout.tsx',
  },
};

const inventory = (names: string[]): Inventory => ({
  page: '/checkout',
  scripts: [
    ...names.map((name) => ({ name, reason: 'needed', owner: 'storefront' })),
    { url: 'https://js.stripe.com/v3', reason: 'Stripe', owner: 'payments', integrity: false },
  ],
});
const ALL = ['index', 'boot', 'router', 'checkout-page', 'stripe-payment-element'];

describe('the payment page’s script graph', () => {
  it('is the entry, what it boots, the page and what they load lazily; not other pages or the console', () => {
    const files = pageGraph(manifest, PAGE).map((key) => manifest[key]!.name);
    expect(files.sort()).toEqual([...ALL].sort());
  });

  it('passes when every script is listed', () => {
    const graph = pageGraph(manifest, PAGE);
    expect(unlistedScripts(manifest, graph, inventory(ALL))).toEqual([]);
    expect(staleEntries(manifest, graph, inventory([...ALL, 'gone']))).toEqual(['gone']);
  });

  it('names a script the inventory does not list, and what to do', () => {
    const withNew: Manifest = {
      ...manifest,
      [PAGE]: { ...manifest[PAGE]!, imports: ['_router-CCCCCCCC.js', '_tracker-JJJJJJJJ.js'] },
      '_tracker-JJJJJJJJ.js': { file: 'static/tracker-JJJJJJJJ.js', name: 'tracker' },
    };
    expect(unlistedScripts(withNew, pageGraph(withNew, PAGE), inventory(ALL))).toEqual([
      '"tracker" (static/tracker-JJJJJJJJ.js) is loaded by /checkout but has no entry in ' +
        'apps/web/script-inventory.json. Add one with its reason and owner (PCI DSS 6.4.3), or keep ' +
        'the code off the payment page.',
    ]);
  });

  it('lists every chunk of the real build’s graph in the repository’s inventory', () => {
    const real = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../script-inventory.json'), 'utf8'),
    ) as Inventory;
    for (const entry of real.scripts) {
      expect(entry.reason.length, JSON.stringify(entry)).toBeGreaterThan(10);
      expect(entry.owner, JSON.stringify(entry)).toBeTruthy();
      expect(entry.name ?? entry.url).toBeTruthy();
    }
    const stripe = real.scripts.find((entry) => entry.url === 'https://js.stripe.com/v3');
    expect(stripe).toMatchObject({
      integrity: false,
      note: expect.stringMatching(/Subresource Integrity/),
    });
  });
});

describe('the integrity on index.html', () => {
  const html = `<head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/static/index-A.js"></script>
    <link rel="modulepreload" crossorigin="" href="/static/boot-B.js">
  </head>`;
  const integrity = new Map([
    ['/static/index-A.js', sri('entry')],
    ['/static/boot-B.js', sri('boot')],
  ]);

  it('goes on the module script and preloads, the import map before them', () => {
    const out = withIntegrity(html, integrity, '{"integrity":{}}');
    expect(out).toContain(
      `<script type="module" crossorigin src="/static/index-A.js" integrity="${sri('entry')}"></script>`,
    );
    expect(out).toContain(
      `<link rel="modulepreload" crossorigin="" href="/static/boot-B.js" integrity="${sri('boot')}">`,
    );
    expect(out.indexOf('type="importmap"')).toBeLessThan(out.indexOf('type="module"'));
    expect(sri('entry')).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  });

  it('fails for a tag whose script has no integrity', () => {
    expect(() => withIntegrity(html, new Map(), '{}')).toThrow(
      /no integrity for \/static\/index-A\.js/,
    );
  });
});
