import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/http.ts';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { ConsoleMeasurementSchema, type ConsoleMeasurement } from '@sunward/core/console-catalog';
import { updateCachedCatalog } from './get-console-catalog.ts';

export interface MeasurementChange {
  productId: string;
  size: ConsoleMeasurement['size'];
  /** The version the operator saw: another by now is 409 `measurements_changed`. */
  version: number;
  width: number;
  length: number;
  sleeve: number;
}

/** PATCH /api/admin/catalog/products/{productId}/size-guide/{size}: the size as the server has it. */
export function changeSizeMeasurements({
  productId,
  size,
  ...body
}: MeasurementChange): Promise<ConsoleMeasurement> {
  return adminSend(
    adminUrl(`/catalog/products/${encodeURIComponent(productId)}/size-guide/${size}`),
    { method: 'PATCH', body },
    ConsoleMeasurementSchema,
  );
}

/** The measurements a failed change came back with (409 `measurements_changed`), or null. */
export function currentMeasurementOf(error: unknown): ConsoleMeasurement | null {
  if (!(error instanceof ApiError) || error.code !== 'measurements_changed') return null;
  const parsed = ConsoleMeasurementSchema.safeParse((error.body as { current?: unknown }).current);
  return parsed.success ? parsed.data : null;
}

/** Saves a size's measurements; the cached row follows the server's answer (or 409's values). */
export function useChangeSizeMeasurements() {
  const client = useQueryClient();
  const show = (productId: string, next: ConsoleMeasurement) =>
    updateCachedCatalog(client, (catalog) => ({
      ...catalog,
      products: catalog.products.map((p) =>
        p.id === productId
          ? { ...p, sizeGuide: p.sizeGuide.map((m) => (m.size === next.size ? next : m)) }
          : p,
      ),
    }));
  return useMutation({
    mutationFn: changeSizeMeasurements,
    onSuccess: (saved, change) => show(change.productId, saved),
    onError: (error, change) => {
      const current = currentMeasurementOf(error);
      if (current) show(change.productId, current);
    },
  });
}
