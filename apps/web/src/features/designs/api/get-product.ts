import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { getJson } from '@/shared/api/http.ts';
import { ProductSchema } from '@/shared/api/guards.ts';
import { toCatalogProduct, type CatalogProduct } from '@/shared/api/catalog/get-products.ts';

/** The shirt's details (cost), fetched when the add-to-bag modal opens (spec 3). */
export async function getProduct(productId: string, signal?: AbortSignal): Promise<CatalogProduct> {
  return toCatalogProduct(await getJson(apiPaths.product(productId), ProductSchema, signal));
}

export function useProduct(product: CatalogProduct | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['catalog', 'product', product?.productId],
    queryFn: ({ signal }) => getProduct(product!.productId, signal),
    enabled: enabled && Boolean(product),
    placeholderData: product,
    staleTime: 60_000,
  });
}
