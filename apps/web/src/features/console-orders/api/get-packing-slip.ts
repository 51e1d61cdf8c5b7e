import { useQuery } from '@tanstack/react-query';
import { PackingSlipSchema, type PackingSlip } from '@sunward/core/console-orders';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { orderKeys } from './order-keys.ts';

/** GET /api/admin/orders/{orderNumber}/packing-slip: the shop's name and return address, the order. */
export function getPackingSlip(orderNumber: string, signal?: AbortSignal): Promise<PackingSlip> {
  return adminGet(
    adminUrl(`/orders/${encodeURIComponent(orderNumber)}/packing-slip`),
    PackingSlipSchema,
    signal,
  );
}

export function usePackingSlip(orderNumber: string) {
  return useQuery({
    queryKey: orderKeys.packingSlip(orderNumber),
    queryFn: ({ signal }) => getPackingSlip(orderNumber, signal),
  });
}
