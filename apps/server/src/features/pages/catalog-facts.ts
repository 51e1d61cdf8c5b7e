/**
 * What the prerendered pages and the product feed read alike of the catalogue's answers: the shirt on
 * sale with its price, and the site's URLs as crawlers need them.
 */
import type { CatalogAnswers } from './prerendered-pages.ts';

/** The shirt on sale and its price (its default price, else its first), or nulls. */
export function shirtOnSale({ snapshot, shirtId }: Pick<CatalogAnswers, 'snapshot' | 'shirtId'>) {
  const shirt = snapshot.products.find((p) => p.id === shirtId) ?? null;
  const price = shirt?.prices.find((p) => p.id === shirt.default_price) ?? shirt?.prices[0] ?? null;
  return { shirt, price };
}

/** SITE_URL without its trailing slash. */
export const siteOrigin = (siteUrl: string) => siteUrl.replace(/\/$/, '');

/** A picture's URL as crawlers and feeds need it: absolute, on the site when the build gave a path. */
export const absoluteUrl = (siteUrl: string, url: string) =>
  /^https?:\/\//.test(url) ? url : siteOrigin(siteUrl) + url;
