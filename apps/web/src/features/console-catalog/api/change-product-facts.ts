import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsoleFactsSchema, type ConsoleFacts } from '@sunward/core/console-catalog';
import type { ProductFacts } from '@sunward/core/product-facts';
import { ApiError } from '@/shared/api/http.ts';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { updateCachedCatalog } from './get-console-catalog.ts';

export interface FactsChange {
  productId: string;
  /** The version the operator saw: another by now is 409 `facts_changed`. */
  version: number;
  facts: ProductFacts;
}

/** PATCH /api/admin/catalog/products/{productId}/facts: the facts as the server now has them. */
export function changeProductFacts({ productId, ...body }: FactsChange): Promise<ConsoleFacts> {
  return adminSend(
    adminUrl(`/catalog/products/${encodeURIComponent(productId)}/facts`),
    { method: 'PATCH', body },
    ConsoleFactsSchema,
  );
}

/** The facts a failed change came back with (409 `facts_changed`), or null. */
export function currentFactsOf(error: unknown): ConsoleFacts | null {
  if (!(error instanceof ApiError) || error.code !== 'facts_changed') return null;
  const parsed = ConsoleFactsSchema.safeParse((error.body as { current?: unknown }).current);
  return parsed.success ? parsed.data : null;
}

/** Changes the facts; the cached product follows the server's answer (or 409's current facts). */
export function useChangeProductFacts() {
  const client = useQueryClient();
  const show = ({ productId, facts, version }: ConsoleFacts) =>
    updateCachedCatalog(client, (catalog) => ({
      ...catalog,
      products: catalog.products.map((p) =>
        p.id === productId ? { ...p, facts: { facts, version } } : p,
      ),
    }));
  return useMutation({
    mutationFn: changeProductFacts,
    onSuccess: show,
    onError: (error) => {
      const current = currentFactsOf(error);
      if (current) show(current);
    },
  });
}
