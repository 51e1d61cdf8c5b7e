import type { OrderListFilters } from '@sunward/core/console-orders';
import { adminKeys } from '@/shared/console/admin-api.ts';

/** The console's order queries: every list page, and each order (its detail and packing slip). */
export const orderKeys = {
  all: adminKeys.area('orders'),
  lists: adminKeys.area('orders', 'list'),
  list: (filters: OrderListFilters, cursor: string | null) =>
    adminKeys.area('orders', 'list', filters, cursor),
  order: (orderNumber: string) => adminKeys.area('orders', 'order', orderNumber),
  detail: (orderNumber: string) => adminKeys.area('orders', 'order', orderNumber, 'detail'),
  packingSlip: (orderNumber: string) =>
    adminKeys.area('orders', 'order', orderNumber, 'packing-slip'),
  labels: (orderNumbers: readonly string[]) => adminKeys.area('orders', 'labels', orderNumbers),
  quote: (orderNumber: string, pick: unknown) =>
    adminKeys.area('orders', 'order', orderNumber, 'quote', pick),
};
