import { QueryClient } from '@tanstack/react-query';
import { productsQuery } from '@/shared/api/catalog/get-products.ts';
import { designsQuery } from '@/shared/api/catalog/get-designs.ts';
import { configurationQuery } from '@/shared/api/catalog/get-configuration.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 },
  },
});

/** Starts the catalogue requests; resolves when the products are in (or failed: never rejects). */
export function startCatalogPrefetch(): Promise<void> {
  void queryClient.prefetchQuery(designsQuery);
  void queryClient.prefetchQuery(configurationQuery);
  return queryClient.prefetchQuery(productsQuery);
}
