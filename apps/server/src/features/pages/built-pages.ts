/**
 * The pages the build makes (`node scripts/build.mjs`, step "pages": `cli.mjs prerender`), from the
 * seeded catalogue on a scratch database, written beside the storefront in `<WEB_DIST_DIR>/pages`:
 * a server started on the same catalogue and SITE_URL serves them from its first request, and makes
 * them again in the background only when its catalogue differs (docs/decisions/025).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { etagOf } from '../../lib/compressed-body.ts';
import type { MadePage } from './prerendered-pages.ts';

interface PagesIndex {
  siteUrl: string;
  pages: Record<string, { signature: string; file: string }>;
}

const INDEX = 'pages.json';

/** `/designs/alaska` -> `designs--alaska.html`; `/` -> `index.html`. */
const fileOf = (key: string) => `${key.slice(1).replace(/\//g, '--') || 'index'}.html`;

export function writeBuiltPages(
  dir: string,
  siteUrl: string,
  pages: ReadonlyMap<string, MadePage>,
): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const index: PagesIndex = { siteUrl, pages: {} };
  for (const [key, page] of pages) {
    const file = fileOf(key);
    writeFileSync(path.join(dir, file), page.buffer);
    if (page.gzip) writeFileSync(path.join(dir, `${file}.gz`), page.gzip);
    if (page.br) writeFileSync(path.join(dir, `${file}.br`), page.br);
    index.pages[key] = { signature: page.signature, file };
  }
  writeFileSync(path.join(dir, INDEX), JSON.stringify(index, null, 2));
}

/** The build's pages, when they were made for this SITE_URL (their links and previews carry it). */
export function readBuiltPages(dir: string, siteUrl: string): Map<string, MadePage> {
  const pages = new Map<string, MadePage>();
  const indexFile = path.join(dir, INDEX);
  if (!existsSync(indexFile)) return pages;
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as PagesIndex;
  if (index.siteUrl !== siteUrl) return pages;
  for (const [key, { signature, file }] of Object.entries(index.pages)) {
    const at = path.join(dir, file);
    const buffer = readFileSync(at);
    const copy = (name: string) => (existsSync(name) ? readFileSync(name) : null);
    pages.set(key, {
      signature,
      html: buffer.toString('utf8'),
      buffer,
      etag: etagOf(buffer),
      gzip: copy(`${at}.gz`),
      br: copy(`${at}.br`),
    });
  }
  return pages;
}
