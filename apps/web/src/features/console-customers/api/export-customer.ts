import { useMutation } from '@tanstack/react-query';
import { adminUrl } from '@/shared/console/admin-api.ts';
import { downloadAdminFile } from '@/shared/console/download-file.ts';

/** GET /api/admin/customers/{customerId}/export, saved as the JSON file the server names. */
export const exportCustomer = (id: string) =>
  downloadAdminFile(adminUrl(`/customers/${encodeURIComponent(id)}/export`), `customer-${id}.json`);

export function useExportCustomer() {
  return useMutation({ mutationFn: exportCustomer });
}
