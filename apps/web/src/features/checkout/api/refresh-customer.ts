import { useQuery } from '@tanstack/react-query';
import { CustomerRecordSchema, type CustomerRecord } from '@sunward/core/schemas';
import { sendAuthorized } from '@/shared/api/authorized.ts';
import { checkoutApiPaths } from './checkout-api-paths.ts';

/** GET /api/customers/{userId} with the bearer token: the signed-in shopper's customer record. */
export async function refreshCustomer(userId: string): Promise<CustomerRecord> {
  const response = await sendAuthorized(checkoutApiPaths.customer(userId), { method: 'GET' });
  return CustomerRecordSchema.parse(await response.json());
}

/**
 * Spec 6: a signed-in shopper's customer record is refreshed after a purchase, once per order (the
 * success page). `userId` null (a guest) or no order yet: nothing to ask.
 */
export function useRefreshCustomer(userId: string | null, orderNumber: string | undefined) {
  return useQuery({
    queryKey: ['checkout', 'customer', userId, orderNumber],
    queryFn: () => refreshCustomer(userId!),
    enabled: userId !== null && orderNumber !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}
