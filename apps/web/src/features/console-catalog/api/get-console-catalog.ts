import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ConsoleCatalogSchema, type ConsoleCatalog } from '@sunward/core/console-catalog';
import { adminGet, adminKeys, adminUrl } from '@/shared/console/admin-api.ts';

export const consoleCatalogKey = adminKeys.area('catalog');

export function getConsoleCatalog(signal?: AbortSignal): Promise<ConsoleCatalog> {
  return adminGet(adminUrl('/catalog'), ConsoleCatalogSchema, signal);
}

/** The catalogue as the server has it now (never older than the last visit to the page). */
export function useConsoleCatalog() {
  return useQuery({
    queryKey: consoleCatalogKey,
    queryFn: ({ signal }) => getConsoleCatalog(signal),
    staleTime: 0,
  });
}

/**
 * Puts the server's answer for one change into the cached catalogue (the rows show what the server
 * said, never what was asked).
 */
export function updateCachedCatalog(
  client: QueryClient,
  change: (catalog: ConsoleCatalog) => ConsoleCatalog,
) {
  client.setQueryData<ConsoleCatalog>(consoleCatalogKey, (catalog) =>
    catalog ? change(catalog) : catalog,
  );
}
