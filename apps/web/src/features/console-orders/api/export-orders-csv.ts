import { useMutation } from '@tanstack/react-query';
import type { OrderListFilters } from '@sunward/core/console-orders';
import { adminUrl } from '@/shared/console/admin-api.ts';
import { downloadAdminFile } from '@/shared/console/download-file.ts';

/** GET /api/admin/orders.csv with the list's filters, saved as the file the server names. */
export function exportOrdersCsv(filters: OrderListFilters): Promise<string> {
  return downloadAdminFile(adminUrl('/orders.csv', { ...filters }), 'orders.csv');
}

export function useExportOrdersCsv() {
  return useMutation({ mutationFn: exportOrdersCsv });
}
