/**
 * The prerendering module (docs/decisions/025), built for Node into dist/server by `vite build --ssr`:
 * the server (apps/server/src/features/pages) renders the catalogue pages with it, at build time and
 * again when operators change the catalogue, and decides from the app's own route table which paths
 * are pages (200) and which are not (404). Nothing here runs in the browser.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClient } from '@tanstack/react-query';
import { matchPath, StaticRouter } from 'react-router';
import artManifest from 'virtual:art-manifest';
import { AppTree } from './app/app.tsx';
import { firstImages } from './app/first-images.ts';
import { isKnownPage, matchPage } from './app/pages.ts';
import { MODAL_MODULE } from './features/designs/components/design-picker.tsx';
import {
  CATALOG_SNAPSHOT_ID,
  seedCatalog,
  type CatalogSnapshot,
} from './shared/api/catalog/catalog-snapshot.ts';
import { assetUrl } from './shared/lib/assets-url.ts';
import { paths } from './shared/paths.ts';

export { CATALOG_SNAPSHOT_ID, type CatalogSnapshot };

/**
 * The pages whose data is all in the catalogue, the bag's frame, the forms that need nothing but the
 * page (the order lookup, the data request), and the frames of the pages that depend on this browser
 * (decision 054): rendered ahead of the browser.
 */
export function prerenderedPaths(snapshot: CatalogSnapshot): string[] {
  return [
    paths.home.href(),
    paths.designs.href(),
    ...snapshot.designs.map(({ designName }) => paths.design.href({ designName })),
    paths.gallery.href(),
    // The bag's frame: its lines are this browser's, shown once the app has hydrated.
    paths.bag.href(),
    paths.sizeGuide.href(),
    paths.returnPolicy.href(),
    paths.privacyPolicy.href(),
    paths.termsOfUse.href(),
    // Forms whose frame is the whole first paint (issue 30): what the shopper types is theirs.
    paths.orderLookup.href(),
    paths.dataRequest.href(),
    // Frames (decision 054): title and a skeleton until the app knows the navigation state, the bag or
    // the sign-in, then the page or the move the page makes without them.
    paths.support.href(),
    paths.checkout.href(),
    paths.account.href(),
    paths.return.href(),
    paths.returnConfirmation.href(),
  ];
}

/**
 * A path the shop's catch-all answers with its not-found page; its prerendered page stands for every
 * unknown path of the shop (the page does not depend on the path).
 */
export const NOT_FOUND_PATH = '/404';

/** The route parameters that name something in the catalogue, and whether a value names it. */
const catalogParams: Record<string, (value: string, snapshot: CatalogSnapshot) => boolean> = {
  designName: (value, snapshot) => snapshot.designs.some((d) => d.designName === value),
};

/**
 * 200 for a page of the app (a route of its table, with parameters that name something in the
 * catalogue), 404 for anything an area's catch-all answers or a design that does not exist.
 */
export function pageStatus(pathname: string, snapshot: CatalogSnapshot): 200 | 404 {
  if (!isKnownPage(pathname)) return 404;
  const params = matchPage(pathname)?.params ?? {};
  for (const [name, value] of Object.entries(params)) {
    const check = catalogParams[name];
    if (check && value !== undefined && !check(value, snapshot)) return 404;
  }
  return 200;
}

/**
 * How the server answers `pathname`: its status, and the prerendered page that answers it (null: the
 * start-up page, whose data the browser fetches). An unknown path of the shop gets the shop's
 * not-found page; one of the account area or the console, or a design that does not exist, gets the
 * start-up page with its 404 (the browser renders there what its router renders).
 */
export function pageAnswer(
  pathname: string,
  snapshot: CatalogSnapshot,
): { status: 200 | 404; page: string | null } {
  if (prerenderedPaths(snapshot).includes(pathname)) return { status: 200, page: pathname };
  const status = pageStatus(pathname, snapshot);
  const shopCatchAll = !isKnownPage(pathname) && matchPage(pathname)?.area.name === 'shop';
  return { status, page: shopCatchAll ? NOT_FOUND_PATH : null };
}

/**
 * A design's picture for link previews: the shirt laid flat, front and back (2:1, close to the 1.91:1
 * that previews crop to), its largest JPEG (every preview reader takes JPEG).
 */
export function designPreviewImage(
  designName: string,
): { url: string; width: number; height: number; alt: string } | null {
  const picture = artManifest.designs[designName]?.collection;
  const file = picture?.formats.jpeg?.at(-1);
  if (!picture || !file) return null;
  return { url: assetUrl(file.url), width: file.width, height: file.height, alt: picture.alt };
}

export interface RenderedPage {
  /** The markup inside #root. */
  root: string;
  /** The document's title as the page sets it (HTML-escaped). */
  title: string;
  /** What React hoisted for the head besides the title (preloads of the first pictures). */
  head: string;
  /** The modules of the page's chunks, as the build's manifest names them (for their stylesheets). */
  modules: string[];
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The first screen's largest pictures, preloaded from the head (first-images.ts): the banner starts
 * with the stylesheets, not once the parser reaches its <img> below them.
 */
const firstImageLinks = (pathname: string) =>
  // Only the home's banner: its <picture> sits below the header's markup and picks by media query.
  // /designs' shirts follow the header closely; six preloads at high priority there made the first
  // paint wait for them (Lighthouse mobile, FCP 1.2 -> 1.8 s in two runs of three).
  (pathname === paths.home.pattern ? firstImages(pathname) : [])
    .map(
      (image) =>
        `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${attr(image.imageSrcset)}" imagesizes="${attr(image.imageSizes)}"${image.media ? ` media="${attr(image.media)}"` : ''}>`,
    )
    .join('');

/** What React hoists out of the tree (the page's title, image preloads): it belongs in the head. */
const HOISTED = /^(?:<link [^>]*>|<meta [^>]*>|<title>[^<]*<\/title>)+/;

/**
 * Parts a page loads on use that some paths arrive with, rendered: their stylesheets are in those
 * pages too, or the part would paint unstyled until the app loads them.
 */
const ARRIVES_OPEN = [
  // A design's URL: the designs page with the design's dialog open (design-picker.tsx).
  { pattern: paths.design.pattern, module: MODAL_MODULE },
];

/**
 * Renders the page at `pathname` from the catalogue in `snapshot`, as the browser's first render of the
 * same page with the same data (it hydrates this markup): the page's chunk is loaded first, as the
 * browser loads it before hydrating, so nothing suspends.
 */
export async function renderPage(
  pathname: string,
  snapshot: CatalogSnapshot,
): Promise<RenderedPage> {
  const match = matchPage(pathname);
  await Promise.all([match?.area.layout?.preload(), match?.page.preload()]);
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  seedCatalog(client, snapshot);
  const router = (app: ReactNode) => <StaticRouter location={pathname}>{app}</StaticRouter>;
  // Waits for every suspended part (a lazy section further down a page) to finish, where
  // renderToString would leave it to the browser (which then reports that the server could not).
  // One chunk however large: React's progressive reveal would need an inline script, which the
  // CSP refuses (and a static page does not need).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppTree client={client} router={router} />
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  client.clear();
  const hoisted = HOISTED.exec(html)?.[0] ?? '';
  // The shell sets the shop's title and the page its own after it: the page's is the document's.
  const titles = [...hoisted.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]!);
  return {
    root: html.slice(hoisted.length),
    head: firstImageLinks(pathname) + hoisted.replace(/<title>[^<]*<\/title>/g, ''),
    title: titles.at(-1) ?? '',
    modules: [
      match?.area.layout?.source,
      match?.page.source,
      ...ARRIVES_OPEN.filter(({ pattern }) => matchPath(pattern, pathname)).map((p) => p.module),
    ].filter((m): m is string => !!m),
  };
}
