import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ConsoleOrderPageSchema,
  type ConsoleOrderPage,
  type OrderListFilters,
} from '@sunward/core/console-orders';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { orderKeys } from './order-keys.ts';

/** GET /api/admin/orders: a page of orders matching `filters`, after `cursor`. */
export function listOrders(
  filters: OrderListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ConsoleOrderPage> {
  return adminGet(adminUrl('/orders', { ...filters, cursor }), ConsoleOrderPageSchema, signal);
}

/** A page of the list; the page before stays on screen while the next loads. */
export function useOrdersList(filters: OrderListFilters, cursor: string | null) {
  return useQuery({
    queryKey: orderKeys.list(filters, cursor),
    queryFn: ({ signal }) => listOrders(filters, cursor, signal),
    placeholderData: keepPreviousData,
  });
}
