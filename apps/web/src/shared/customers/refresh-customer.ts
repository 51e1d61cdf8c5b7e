import { useQuery } from '@tanstack/react-query';
import { CustomerRecordSchema, type CustomerRecord } from '@sunward/core/schemas';
import { sendAuthorized } from '@/shared/api/authorized.ts';

/** What a shopper sees when the refresh fails (the purchase or return itself went through). */
export const CUSTOMER_REFRESH_FAILED = 'Your account details could not be refreshed.';

/** GET (bearer): the signed-in shopper's customer record. */
export const customerPath = (userId: string) => `/api/customers/${encodeURIComponent(userId)}`;

/** GET /api/customers/{userId} with the bearer token: the signed-in shopper's customer record. */
export async function refreshCustomer(userId: string): Promise<CustomerRecord> {
  const response = await sendAuthorized(customerPath(userId), { method: 'GET' });
  return CustomerRecordSchema.parse(await response.json());
}

/**
 * Spec 6: a signed-in shopper's customer record is refreshed after a purchase (the success page, once
 * per order) and after a return (refreshCustomer from the return form). `userId` null (a guest) or no order yet: nothing to ask.
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
