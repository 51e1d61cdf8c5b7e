import type { Inventory } from '@sunward/core/schemas';
import type { RatingSummary } from '@sunward/core/structured-data';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Entry, JsonCache } from '../../lib/cached-json.ts';
import * as catalog from '../catalog/catalog.api.ts';
import { REVIEW_SUMMARIES_KEY, reviewSummaries } from '../reviews/reviews.api.ts';
import { loadConfiguration, SETTINGS_CACHE_KEY } from '../settings/settings.api.ts';
import type { CatalogAnswers } from './prerendered-pages.ts';
import type { CatalogSnapshot } from './prerender-module.ts';

/** The inventory answer's cache entry (catalog.routes.ts GET /api/inventory/{id}). */
const inventoryKey = (productId: string) => `inventory:${productId}`;

/**
 * The catalogue's three answers as GET /api/products, /api/designs and /api/configuration give them,
 * through the same cache entries (so a page follows the catalogue as the API does: at once in the
 * process that made a change, within CATALOG_CACHE_MS in the others), and the shirt's stock as
 * GET /api/inventory/{id} gives it (the design pages' structured data says which sizes are in stock,
 * decision 051). The parsed snapshot is kept while the signature holds.
 */
export function catalogAnswers(
  app: { db: Db; catalogCache: JsonCache },
  config: Config,
): { read: () => Promise<CatalogAnswers>; peek: () => CatalogAnswers | undefined } {
  let last: CatalogAnswers | null = null;
  /** The entries `last` was read from (an entry made again with the same JSON is the same object). */
  let lastEntries: readonly Entry[] = [];
  /** The answers last read, while the three entries are fresh and unchanged: no wait, no parse. */
  const peek = () => {
    const cache = app.catalogCache;
    const products = cache.peek('products');
    const designs = cache.peek('designs');
    const configuration = cache.peek(SETTINGS_CACHE_KEY);
    if (!last || !products || !designs || !configuration) return undefined;
    const [p, d, c, r, i] = lastEntries;
    const reviews = cache.peek(REVIEW_SUMMARIES_KEY);
    const inventory = last.shirtId ? cache.peek(inventoryKey(last.shirtId)) : undefined;
    return p === products &&
      d === designs &&
      c === configuration &&
      r === reviews &&
      i === inventory
      ? last
      : undefined;
  };
  const read = async () => {
    const { db, catalogCache: cache } = app;
    const [products, designs, configuration, reviews] = await Promise.all([
      cache.get('products', () => catalog.listProducts(db)),
      cache.get('designs', () => catalog.listDesigns(db)),
      cache.get(SETTINGS_CACHE_KEY, () => loadConfiguration(db, config)),
      cache.get(REVIEW_SUMMARIES_KEY, () => reviewSummaries(db)),
    ]);
    const shirtId =
      (JSON.parse(products.body) as { id: string; active: boolean }[]).find((p) => p.active)?.id ??
      null;
    const inventory = shirtId
      ? await cache.get(inventoryKey(shirtId), async () => {
          return (await catalog.getInventory(db, shirtId)) ?? null;
        })
      : undefined;
    const signature = `${products.etag}${designs.etag}${configuration.etag}${reviews.etag}${inventory?.etag ?? ''}`;
    const entries = [products, designs, configuration, reviews, ...(inventory ? [inventory] : [])];
    if (last?.signature === signature) {
      lastEntries = entries;
      return last;
    }
    const json = `{"products":${products.body},"designs":${designs.body},"configuration":${configuration.body}}`;
    last = {
      signature,
      json,
      snapshot: JSON.parse(json) as CatalogSnapshot,
      shirtId,
      inventory: inventory ? (JSON.parse(inventory.body) as Inventory | null) : null,
      ratings: JSON.parse(reviews.body) as Record<string, RatingSummary>,
    };
    lastEntries = entries;
    return last;
  };
  return { read, peek };
}
