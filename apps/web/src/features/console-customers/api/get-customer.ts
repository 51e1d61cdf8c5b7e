import { useQuery } from '@tanstack/react-query';
import { CustomerDetailSchema } from '@sunward/core/console-customers';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { customerKeys } from './customer-keys.ts';

/** GET /api/admin/customers/{customerId}: the record and what the shop holds on them. */
export const getCustomer = (id: string, signal?: AbortSignal) =>
  adminGet(adminUrl(`/customers/${encodeURIComponent(id)}`), CustomerDetailSchema, signal);

export function useCustomer(id: string) {
  return useQuery({
    queryKey: customerKeys.customer(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });
}
