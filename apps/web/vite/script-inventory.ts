/**
 * The payment page's scripts (PCI DSS 4.0.1 requirement 6.4.3, docs/decisions/056): which chunks of the
 * build /checkout can load, checked against the inventory kept in the repository
 * (apps/web/script-inventory.json), and the integrity of each. Pure functions over the build's
 * manifest, so the check is tested without a build (script-inventory.test.ts).
 */
import { createHash } from 'node:crypto';

/** One entry of the repository's inventory: a script the payment page may load, and why. */
export interface InventoryEntry {
  /** The chunk's name in the build (its source module's name, never the content hash). */
  name?: string;
  /** A script from another origin, loaded by the page's own code (Stripe.js). */
  url?: string;
  reason: string;
  owner: string;
  /** false: the script's host does not support Subresource Integrity (its origin is checked). */
  integrity?: boolean;
  note?: string;
}

export interface Inventory {
  page: string;
  scripts: InventoryEntry[];
}

/** What Vite's manifest (dist/.vite/manifest.json) says of a chunk. */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The modules whose chunks a page at /checkout never loads, though the chunks it loads may import
 * them lazily: the other pages (the route table imports every page) and the console.
 */
const OTHER_PAGES = /^src\/app\/(routes\/|layout\/console-)/;

/**
 * The chunks /checkout can load, by manifest key: the entry and the checkout page with everything
 * they import, and what these import lazily (the app the entry boots , Stripe's element, the sign-in
 * runtime, the phone's menu...) except other pages and the console.
 */
export function pageGraph(manifest: Manifest, pageSource: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('script inventory: the build has no entry chunk');
  if (!manifest[pageSource]) {
    throw new Error(`script inventory: the build has no chunk for ${pageSource}`);
  }
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
    for (const next of chunk.dynamicImports ?? []) {
      if (!OTHER_PAGES.test(manifest[next]?.src ?? next) || next === pageSource) visit(next);
    }
  };
  visit(entry);
  visit(pageSource);
  return [...seen];
}

/** A chunk's stable name: its manifest name (source module), else its key without the hash. */
export function chunkName(key: string, chunk: ManifestChunk): string {
  return chunk.name ?? key.replace(/^_/, '').replace(/-[\w-]{8}\.js$/, '');
}

/**
 * The chunks of the graph with no inventory entry, each as a message naming it and saying what to
 * do; empty when every script is listed.
 */
export function unlistedScripts(
  manifest: Manifest,
  graph: readonly string[],
  inventory: Inventory,
): string[] {
  const listed = new Set(inventory.scripts.flatMap((entry) => (entry.name ? [entry.name] : [])));
  return graph
    .filter((key) => !listed.has(chunkName(key, manifest[key]!)))
    .map((key) => {
      const chunk = manifest[key]!;
      const from = chunk.src ? ` (from ${chunk.src})` : '';
      return (
        `"${chunkName(key, chunk)}" (${chunk.file})${from} is loaded by ${inventory.page} but has ` +
        'no entry in apps/web/script-inventory.json. Add one with its reason and owner (PCI DSS ' +
        '6.4.3), or keep the code off the payment page.'
      );
    });
}

/** The entries that name no chunk of the graph any more (removed code): listed, never loaded. */
export function staleEntries(
  manifest: Manifest,
  graph: readonly string[],
  inventory: Inventory,
): string[] {
  const names = new Set(graph.map((key) => chunkName(key, manifest[key]!)));
  return inventory.scripts.flatMap((entry) =>
    entry.name && !names.has(entry.name) ? [entry.name] : [],
  );
}

export const sri = (bytes: Buffer | string): string =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** What the CSP's script-src lists for an inline script (the import map). */
export const cspHash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * index.html with `integrity` on its module script and module preloads (by path), and the import map
 * whose `integrity` covers the chunks those load later, before any of them.
 */
export function withIntegrity(
  html: string,
  integrityOf: ReadonlyMap<string, string>,
  importMap: string,
): string {
  const tagged = html.replace(
    /<(script type="module"|link rel="modulepreload")([^>]*?)(src|href)="([^"]+)"([^>]*)>/g,
    (tag, kind: string, before: string, attr: string, url: string, after: string) => {
      const integrity = integrityOf.get(url);
      if (!integrity) throw new Error(`script inventory: no integrity for ${url} in index.html`);
      return `<${kind}${before}${attr}="${url}" integrity="${integrity}"${after}>`;
    },
  );
  const map = `<script type="importmap">${importMap}</script>`;
  // Before the first module script or preload: an import map after them is ignored.
  return tagged.replace(/(<meta charset="UTF-8" \/>)/, `$1\n    ${map}`);
}
