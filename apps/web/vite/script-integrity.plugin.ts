import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// Type only: the format the server reads (a value import would load TypeScript at build time).
import type { BuiltInventory } from '@sunward/core/built-inventory';
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
