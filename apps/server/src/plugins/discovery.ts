/**
 * What search engines and link previews read: robots.txt, sitemap.xml, and the shop's name and absolute
 * image URLs in index.html (a preview fetches the page and runs no script, so React's title never
 * reaches it).
 */
import { escapeHtml } from '../lib/html.ts';

/** The pages worth finding in a search: the catalogue, the size guide and the policies (spec 2). */
export const INDEXED_PAGES = [
  '/',
  '/designs',
  '/gallery',
  '/size-guide',
  '/return-policy',
  '/privacy-policy',
  '/terms-of-use',
] as const;

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

/**
 * index.html for a shop name: the name in the title and the link-preview tags, and the preview image's
 * URL absolute (previews need one; a CDN URL already is). Pages are made once per name.
 */
export function indexPages(html: string, siteUrl: string): (shopName: string) => string {
  const absolute = html.replace(
    /(<meta property="og:image" content=")\//g,
    (_match, before: string) => `${before}${escapeHtml(origin(siteUrl))}/`,
  );
  const made = new Map<string, string>();
  return (shopName) => {
    let page = made.get(shopName);
    if (page === undefined) {
      page = absolute.replace(
        new RegExp(`(<title>|<meta property="og:(?:title|site_name)" content=")${BUILT_NAME}`, 'g'),
        (_match, before: string) => before + escapeHtml(shopName),
      );
      if (made.size > 8) made.clear();
      made.set(shopName, page);
    }
    return page;
  };
}
