import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import {
  chunkName,
  cspHash,
  pageGraph,
  sri,
  staleEntries,
  unlistedScripts,
  withIntegrity,
  type Inventory,
  type Manifest,
} from './script-inventory.ts';

/** apps/web. */
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The build's inventory (dist/script-inventory.json), read by the server's payment-page monitor. */
export interface BuiltInventory {
  page: string;
  /** The import map's hash as the CSP lists it ('sha256-...'): the one inline script of the page. */
  inlineScripts: string[];
  /**
   * The module scripts every page starts (index.html's entry), by path. Its module preloads are left
   * out of prerendered pages (decision 054): checked when present, not required.
   */
  html: string[];
  /** Every chunk the payment page can load, with its integrity and the inventory entry it matches. */
  scripts: { file: string; integrity: string; inventory: string }[];
  /** Scripts from other origins the page's code loads (Stripe.js): checked by origin only. */
  external: { url: string; integrity: boolean; inventory: string }[];
}

/**
 * Subresource Integrity for the payment page's scripts (docs/decisions/056), once the files are
 * written (the hashes are of the bytes served; precompress, after this, compresses the HTML with
 * them): sha384 of each chunk /checkout can load, on index.html's module script and preloads and in
 * an import map's `integrity` for the chunks loaded later; dist/script-inventory.json for the
 * server. Fails the build when /checkout can load a chunk with no entry in script-inventory.json.
 */
export function scriptIntegrity(
  inventoryFile = path.join(here, 'script-inventory.json'),
  pageSource = 'src/app/routes/checkout-page.tsx',
): Plugin {
  return {
    name: 'script-integrity',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle: {
      sequential: true,
      order: 'pre',
      handler(options) {
        const dist = options.dir ?? path.join(here, 'dist');
        const inventory = JSON.parse(readFileSync(inventoryFile, 'utf8')) as Inventory;
        const manifest = JSON.parse(
          readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
        ) as Manifest;
        const graph = pageGraph(manifest, pageSource);
        const unlisted = unlistedScripts(manifest, graph, inventory);
        if (unlisted.length > 0) {
          this.error(`The payment page's script inventory is missing:\n- ${unlisted.join('\n- ')}`);
        }
        const stale = staleEntries(manifest, graph, inventory);
        if (stale.length > 0) {
          this.warn(
            `script-inventory.json lists chunks the payment page no longer loads: ${stale}`,
          );
        }
        const scripts = graph.map((key) => {
          const chunk = manifest[key]!;
          return {
            file: `/${chunk.file}`,
            integrity: sri(readFileSync(path.join(dist, chunk.file))),
            inventory: chunkName(key, chunk),
          };
        });
        const integrityOf = new Map(scripts.map((s) => [s.file, s.integrity]));
        const importMap = JSON.stringify({
          imports: {},
          integrity: Object.fromEntries(integrityOf),
        });
        const indexFile = path.join(dist, 'index.html');
        const html = withIntegrity(readFileSync(indexFile, 'utf8'), integrityOf, importMap);
        writeFileSync(indexFile, html);
        const built: BuiltInventory = {
          page: inventory.page,
          inlineScripts: [cspHash(importMap)],
          html: [...html.matchAll(/<script type="module"[^>]*?src="([^"]+)"/g)].map((m) => m[1]!),
          scripts,
          external: inventory.scripts.flatMap((entry) =>
            entry.url
              ? [{ url: entry.url, integrity: entry.integrity !== false, inventory: entry.url }]
              : [],
          ),
        };
        writeFileSync(
          path.join(dist, 'script-inventory.json'),
          `${JSON.stringify(built, null, 2)}\n`,
        );
      },
    },
  };
}
