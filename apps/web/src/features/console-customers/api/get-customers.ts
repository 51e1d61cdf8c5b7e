import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CustomerListSchema } from '@sunward/core/console-customers';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { customerKeys } from './customer-keys.ts';

export interface CustomerFilters {
  /** Text in the email or name, or a customer id. */
  q?: string;
  after?: string | null;
}

export const CUSTOMERS_PAGE = 25;

/** GET /api/admin/customers: a page of customers, newest first. */
export const getCustomers = (filters: CustomerFilters, signal?: AbortSignal) =>
  adminGet(
    adminUrl('/customers', { ...filters, limit: CUSTOMERS_PAGE }),
    CustomerListSchema,
    signal,
  );

export function useCustomers(filters: CustomerFilters) {
  return useQuery({
    queryKey: customerKeys.list(filters),
    queryFn: ({ signal }) => getCustomers(filters, signal),
    placeholderData: keepPreviousData,
  });
}
