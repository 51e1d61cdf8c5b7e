import type { QueryClient } from '@tanstack/react-query';
import type { Design } from '@sunward/core/designs';
import type { Configuration, Product } from '@sunward/core/schemas';
import { ConfigurationSchema, DesignsSchema, ProductsSchema } from '@/shared/api/guards.ts';
import { configurationQuery } from './get-configuration.ts';
import { designsQuery } from './get-designs.ts';
import { productsQuery, toCatalogProduct } from './get-products.ts';
import { CATALOG_SNAPSHOT_ID } from './catalog-snapshot-id.ts';

/**
 * The catalogue answers a prerendered page was rendered from (docs/decisions/025): the bodies of
 * GET /api/products, /api/designs and /api/configuration. The server renders with them and writes them
 * into the page; the browser puts them into its query cache before hydrating, so its first render uses
 * the same data as the server's and nothing is fetched first.
 */
export interface CatalogSnapshot {
  products: Product[];
  designs: Design[];
  configuration: Configuration;
}

export { CATALOG_SNAPSHOT_ID };

/** Fills a query client with the snapshot, as the three catalogue queries would have. */
export function seedCatalog(client: QueryClient, snapshot: CatalogSnapshot): void {
  client.setQueryData(
    productsQuery.queryKey,
    snapshot.products.map(toCatalogProduct).filter((p) => p.active),
  );
  client.setQueryData(designsQuery.queryKey, snapshot.designs);
  client.setQueryData(configurationQuery.queryKey, snapshot.configuration);
}

/**
 * The snapshot of this page when it arrived prerendered, checked as the API answers are (a page that
 * carries a malformed one renders as one without: from the API, after the start-up screen).
 */
export function readCatalogSnapshot(doc: Document): CatalogSnapshot | null {
  const text = doc.getElementById(CATALOG_SNAPSHOT_ID)?.textContent;
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    return {
      products: ProductsSchema.parse(raw.products),
      designs: DesignsSchema.parse(raw.designs),
      configuration: ConfigurationSchema.parse(raw.configuration),
    };
  } catch {
    return null;
  }
}
