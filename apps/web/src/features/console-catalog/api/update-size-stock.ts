import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/http.ts';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import {
  ConsoleSizeSchema,
  type ConsoleCatalog,
  type ConsoleSize,
} from '@sunward/core/console-catalog';
import { updateCachedCatalog } from './get-console-catalog.ts';

export interface SizeStockChange {
  productId: string;
  size: ConsoleSize['size'];
  /** The version the change was made from: a stale one is 409 `stock_changed`. */
  version: number;
  /** A count (null: not counted); absent: unchanged. */
  stock?: number | null;
  outOfStock?: boolean;
}

/** PATCH /api/admin/catalog/products/{productId}/sizes/{size}: the size as the server now has it. */
export function updateSizeStock({
  productId,
  size,
  ...body
}: SizeStockChange): Promise<ConsoleSize> {
  return adminSend(
    adminUrl(`/catalog/products/${encodeURIComponent(productId)}/sizes/${size}`),
    { method: 'PATCH', body },
    ConsoleSizeSchema,
  );
}

/** The size a failed change came back with: 409's current values, to show and retry from. */
export function currentSizeOf(error: unknown): ConsoleSize | null {
  if (!(error instanceof ApiError) || error.code !== 'stock_changed') return null;
  const parsed = ConsoleSizeSchema.safeParse((error.body as { current?: unknown }).current);
  return parsed.success ? parsed.data : null;
}

const withSize = (productId: string, next: ConsoleSize) => (catalog: ConsoleCatalog) => ({
  ...catalog,
  products: catalog.products.map((p) =>
    p.id === productId ? { ...p, sizes: p.sizes.map((s) => (s.size === next.size ? next : s)) } : p,
  ),
});

/** Saves a size's count or switch; the cached row follows the server's answer (or 409's values). */
export function useUpdateSizeStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSizeStock,
    onSuccess: (size, change) => updateCachedCatalog(client, withSize(change.productId, size)),
    onError: (error, change) => {
      const current = currentSizeOf(error);
      if (current) updateCachedCatalog(client, withSize(change.productId, current));
    },
  });
}
