/**
 * A built storefront in a temporary directory, as apps/web's build leaves one (index.html with the
 * import map and integrity, the chunks under static/, script-inventory.json), small enough to make
 * in a test: the monitor compares what the shop serves from it with its inventory.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BuiltInventory } from '@sunward/core/built-inventory';
import { BUILT_INVENTORY_FILE } from '../../lib/built-scripts.ts';

const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export const ENTRY = '/static/index-a1b2c3d4.js';
export const BOOT = '/static/boot-e5f6a7b8.js';
export const CHECKOUT = '/static/checkout-page-c9d0e1f2.js';

export interface BuiltDist {
  dir: string;
  inventory: BuiltInventory;
  /** The chunks' code by path. */
  code: Record<string, string>;
}

export function builtDist(): BuiltDist {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  mkdirSync(path.join(dir, 'static'));
  const code = {
    [ENTRY]: "import('/static/boot-e5f6a7b8.js').then((app) => app.boot());\n",
    [BOOT]: "export const boot = () => import('/static/checkout-page-c9d0e1f2.js');\n",
    [CHECKOUT]: "export default function CheckoutPage() { return 'Checkout'; }\n",
  };
  for (const [file, text] of Object.entries(code)) writeFileSync(path.join(dir, file), text);
  const integrity = Object.fromEntries(
    Object.entries(code).map(([file, text]) => [file, sri(text)]),
  );
  const importMap = JSON.stringify({ imports: {}, integrity });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script type="importmap">${importMap}</script>
    <title>Sunward</title>
    <script type="module" crossorigin src="${ENTRY}" integrity="${integrity[ENTRY]}"></script>
    <link rel="modulepreload" crossorigin="" href="${BOOT}" integrity="${integrity[BOOT]}">
  </head>
  <body><div id="root"></div></body>
</html>
`,
  );
  const inventory: BuiltInventory = {
    page: '/checkout',
    inlineScripts: [cspHash(importMap)],
    html: [ENTRY],
    scripts: Object.entries(integrity).map(([file, hash]) => ({
      file,
      integrity: hash,
      inventory: path.basename(file).replace(/-\w+\.js$/, ''),
    })),
    external: [{ url: 'https://js.stripe.com/v3', integrity: false, inventory: 'stripe-js' }],
  };
  writeFileSync(path.join(dir, BUILT_INVENTORY_FILE), JSON.stringify(inventory));
  return { dir, inventory, code };
}
