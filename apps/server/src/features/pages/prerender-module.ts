import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Design } from '@sunward/core/designs';
import type { Configuration, Product } from '@sunward/core/schemas';

/** The catalogue answers a page is rendered from (GET /api/products, /api/designs, /api/configuration). */
export interface CatalogSnapshot {
  products: Product[];
  designs: Design[];
  configuration: Configuration;
}

/** A picture for link previews, its URL as the web build wrote it (from the site's root or a CDN). */
export interface PreviewImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * What the web build's prerendering module exports (apps/web/src/prerender.tsx, built into
 * `<WEB_DIST_DIR>/server/prerender.js`): the app's own route table and components, for Node.
 */
export interface PrerenderModule {
  prerenderedPaths(snapshot: CatalogSnapshot): string[];
  pageStatus(pathname: string, snapshot: CatalogSnapshot): 200 | 404;
  /** The status of a path and the prerendered page answering it (null: the start-up page). */
  pageAnswer(
    pathname: string,
    snapshot: CatalogSnapshot,
  ): { status: 200 | 404; page: string | null };
  NOT_FOUND_PATH: string;
  CATALOG_SNAPSHOT_ID: string;
  designPreviewImage(designName: string): PreviewImage | null;
  renderPage(
    pathname: string,
    snapshot: CatalogSnapshot,
  ): Promise<{ root: string; head: string; title: string; modules: string[] }>;
}

/** One chunk of the web build's manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** The built storefront's parts a prerendered page is made of. */
export interface WebBuild {
  module: PrerenderModule;
  /** The stylesheets of the given modules' chunks and the app chunk, as URLs from the root. */
  stylesheets(modules: string[]): string[];
  /** A built stylesheet's text by its URL from the root (/static/…), or null when there is none. */
  css(href: string): string | null;
}

/** The app chunk (React, the shell): its stylesheets are the shell's. */
const APP_MODULE = 'src/app/start.tsx';

/**
 * Loads the prerendering module and the build's manifest from the built storefront; null when the
 * build has none (a storefront built before prerendering, or a test's stand-in): the shop then serves
 * its start-up page everywhere, as before.
 */
export async function loadWebBuild(webDistDir: string): Promise<WebBuild | null> {
  const moduleFile = path.join(webDistDir, 'server', 'prerender.js');
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(moduleFile) || !existsSync(manifestFile)) return null;
  const module = (await import(pathToFileURL(moduleFile).href)) as PrerenderModule;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const stylesheets = (modules: string[]): string[] => {
    const css = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      chunk?.css?.forEach((file) => css.add(`/${file}`));
      chunk?.imports?.forEach(visit);
    };
    [APP_MODULE, ...modules].forEach(visit);
    // A part a page loads lazily further down (the home page's design picker) is in its prerendered
    // HTML too: its styles, one level down (not what those parts load on use, like the modal).
    modules.forEach((key) => manifest[key]?.dynamicImports?.forEach(visit));
    return [...css];
  };
  const texts = new Map<string, string | null>();
  const css = (href: string): string | null => {
    if (!texts.has(href)) {
      const file = path.join(webDistDir, href);
      const inside = file.startsWith(path.join(webDistDir, 'static') + path.sep);
      texts.set(href, inside && existsSync(file) ? readFileSync(file, 'utf8') : null);
    }
    return texts.get(href) ?? null;
  };
  return { module, stylesheets, css };
}
