import { useQuery } from '@tanstack/react-query';
import { ConsoleOrderDetailSchema, type ConsoleOrderDetail } from '@sunward/core/console-orders';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { orderKeys } from './order-keys.ts';

/** GET /api/admin/orders/{orderNumber}: the order with its payment, emails, events and notes. */
export function getOrder(orderNumber: string, signal?: AbortSignal): Promise<ConsoleOrderDetail> {
  return adminGet(
    adminUrl(`/orders/${encodeURIComponent(orderNumber)}`),
    ConsoleOrderDetailSchema,
    signal,
  );
}

export function useOrder(orderNumber: string) {
  return useQuery({
    queryKey: orderKeys.detail(orderNumber),
    queryFn: ({ signal }) => getOrder(orderNumber, signal),
  });
}
