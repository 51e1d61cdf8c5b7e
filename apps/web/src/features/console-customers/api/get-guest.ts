import { useQuery } from '@tanstack/react-query';
import { CustomerDetailSchema } from '@sunward/core/console-customers';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { customerKeys } from './customer-keys.ts';

/** GET /api/admin/customers/guests/{orderId}: a guest buyer and what the shop holds under the email. */
export const getGuest = (orderId: string, signal?: AbortSignal) =>
  adminGet(
    adminUrl(`/customers/guests/${encodeURIComponent(orderId)}`),
    CustomerDetailSchema,
    signal,
  );

export function useGuest(orderId: string) {
  return useQuery({
    queryKey: customerKeys.guest(orderId),
    queryFn: ({ signal }) => getGuest(orderId, signal),
  });
}
