/**
 * What search engines and link previews read: robots.txt, sitemap.xml, and the shop's name and absolute
 * image URLs in index.html (a preview fetches the page and runs no script, so React's title never
 * reaches it).
 */
import { DESIGN_NAMES } from '@sunward/core/designs';
import { escapeHtml } from '../lib/html.ts';

/** The pages worth finding in a search: the catalogue, each design's own, the size guide and the policies (spec 2). */
export const INDEXED_PAGES = [
  '/',
  '/designs',
  '/gallery',
  '/size-guide',
  '/return-policy',
  '/privacy-policy',
  '/terms-of-use',
  ...DESIGN_NAMES.map((name) => `/designs/${name}`),
];

/**
 * Pages that belong to one shopper (bag, checkout, orders, returns, support about an order, account)
 * or are not pages at all.
 */
const NOT_INDEXED = [
  '/api/',
  '/bag',
  '/checkout',
  '/success',
  '/account',
  '/order-lookup',
  // Exactly /return and below it: /return-policy is a page to find.
  '/return$',
  '/return/',
  '/support',
  '/data-request',
  '/user-verification-result',
  '/error-page',
  // The operators' console (issue 15).
  '/admin',
];

const origin = (siteUrl: string) => siteUrl.replace(/\/$/, '');

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    ...NOT_INDEXED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin(siteUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(siteUrl: string): string {
  const urls = INDEXED_PAGES.map(
    (p) => `  <url><loc>${escapeHtml(origin(siteUrl) + p)}</loc></url>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The name the web build writes into index.html (the default shop name). */
const BUILT_NAME = 'Sunward';

/** Whether a page URL is the operators' console (/admin and below, any case, as the router matches). */
export function isConsolePage(url: string): boolean {
  const path = url.split('?')[0]!.toLowerCase();
  return path === '/admin' || path === '/admin/' || path.startsWith('/admin/');
}

/**
 * The console's index.html: the console never shows the catalogue, so the preloads of the products and
 * the designs go (the configuration's stays: the console's header and sign-in read it), the start-up
 * screen names the console, and search engines are asked to leave it alone.
 */
function consoleVariant(html: string): string {
  return html
    .replace(/\s*<link rel="preload" href="\/api\/(?:products|designs)"[^>]*>/g, '')
    .replace('<head>', '<head>\n    <meta name="robots" content="noindex" />')
    .replace('Loading the shop', 'Loading the console');
}

/**
 * index.html for a shop name: the name in the title and the link-preview tags, and the preview image's
 * URL absolute (previews need one; a CDN URL already is); the console's without the catalogue's
 * preloads. Pages are made once per name and area.
 */
export function indexPages(
  html: string,
  siteUrl: string,
): (shopName: string, area?: 'shop' | 'console') => string {
  const absolute = html.replace(
    /(<meta property="og:image" content=")\//g,
    (_match, before: string) => `${before}${escapeHtml(origin(siteUrl))}/`,
  );
  const built = { shop: absolute, console: consoleVariant(absolute) };
  const made = new Map<string, string>();
  return (shopName, area = 'shop') => {
    const key = `${area}:${shopName}`;
    let page = made.get(key);
    if (page === undefined) {
      page = built[area].replace(
        new RegExp(`(<title>|<meta property="og:(?:title|site_name)" content=")${BUILT_NAME}`, 'g'),
        (_match, before: string) => before + escapeHtml(shopName),
      );
      if (made.size > 16) made.clear();
      made.set(key, page);
    }
    return page;
  };
}
