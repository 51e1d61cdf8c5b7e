import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@sunward/core/schemas';
import type { Cents } from '@sunward/core/money';
import type { ProductFacts } from '@sunward/core/product-facts';
import type { SizeMeasurement } from '@sunward/core/size-guide';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { getJson } from '@/shared/api/http.ts';
import { ProductsSchema } from '@/shared/api/guards.ts';

/** Spec 3: a catalogue product as mapped for the storefront. `cost` stays in cents; the UI formats it. */
export interface CatalogProduct {
  active: boolean;
  productId: string;
  priceId: string;
  name: string;
  description: string;
  category: string;
  cost: Cents;
  images: string[];
  /** Fabric, UPF, fit, weight and care, as operators keep them; null when the product has none. */
  facts: ProductFacts | null;
  /** Each size's width, length and sleeve in inches, as operators keep them (size order). */
  sizeGuide: SizeMeasurement[];
}

export function toCatalogProduct(product: Product): CatalogProduct {
  const price = product.prices.find((p) => p.id === product.default_price) ?? product.prices[0];
  return {
    active: product.active,
    productId: product.id,
    priceId: price?.id ?? product.default_price,
    name: product.name,
    description: product.description,
    category: product.metadata.category,
    cost: price?.unit_amount ?? 0,
    images: product.images,
    facts: product.facts,
    sizeGuide: product.sizeGuide,
  };
}

export async function getProducts(signal?: AbortSignal): Promise<CatalogProduct[]> {
  const products = await getJson(apiPaths.products(), ProductsSchema, signal);
  return products.map(toCatalogProduct).filter((p) => p.active);
}

export const productsQuery = queryOptions({
  queryKey: ['catalog', 'products'],
  queryFn: ({ signal }) => getProducts(signal),
  staleTime: 5 * 60_000,
});

export function useProducts() {
  return useQuery(productsQuery);
}

/** The shirt: the shop sells one product (spec 3, a fixed product id) in 30 designs. */
export function useShirtProduct(): CatalogProduct | undefined {
  return useProducts().data?.[0];
}
