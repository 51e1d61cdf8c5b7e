import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsolePriceSchema, type ConsolePrice } from '@sunward/core/console-catalog';
import { ApiError } from '@/shared/api/http.ts';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { updateCachedCatalog } from './get-console-catalog.ts';

export interface PriceChange {
  productId: string;
  /** The price the operator saw: another one by now is 409 `price_changed`. */
  expectedPriceId: string;
  /** Cents. */
  unitAmount: number;
}

/** PATCH /api/admin/catalog/products/{productId}/price: the product's price as the server now has it. */
export function changePrice({ productId, ...body }: PriceChange): Promise<ConsolePrice> {
  return adminSend(
    adminUrl(`/catalog/products/${encodeURIComponent(productId)}/price`),
    { method: 'PATCH', body },
    ConsolePriceSchema,
  );
}

/** The price a failed change came back with (409 `price_changed`), or null. */
export function currentPriceOf(error: unknown): ConsolePrice | null {
  if (!(error instanceof ApiError) || error.code !== 'price_changed') return null;
  const parsed = ConsolePriceSchema.safeParse((error.body as { current?: unknown }).current);
  return parsed.success ? parsed.data : null;
}

/** Changes the price; the cached product follows the server's answer (or 409's current price). */
export function useChangePrice() {
  const client = useQueryClient();
  const show = (price: ConsolePrice) =>
    updateCachedCatalog(client, (catalog) => ({
      ...catalog,
      products: catalog.products.map((p) =>
        p.id === price.productId
          ? { ...p, price: { id: price.priceId, unitAmount: price.unitAmount } }
          : p,
      ),
    }));
  return useMutation({
    mutationFn: changePrice,
    onSuccess: show,
    onError: (error) => {
      const current = currentPriceOf(error);
      if (current) show(current);
    },
  });
}
