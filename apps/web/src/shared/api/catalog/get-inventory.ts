import { useQuery } from '@tanstack/react-query';
import type { Inventory } from '@sunward/core/schemas';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { getJson } from '@/shared/api/http.ts';
import { InventorySchema } from '@/shared/api/guards.ts';

/** Spec 7, GET /inventory/{id}: every size code of a product with its outOfStock flag. */
export function getInventory(productId: string, signal?: AbortSignal): Promise<Inventory> {
  return getJson(apiPaths.inventory(productId), InventorySchema, signal);
}

/** Fetched when the add-to-bag modal opens or a return asks for an exchange; always fresh (stock changes). */
export function useInventory(productId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['inventory', productId],
    queryFn: ({ signal }) => getInventory(productId!, signal),
    enabled: enabled && Boolean(productId),
    staleTime: 0,
  });
}
