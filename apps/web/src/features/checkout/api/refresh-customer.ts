import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { sendAuthorized } from '@/shared/api/authorized.ts';
import { checkoutApiPaths } from './checkout-api-paths.ts';

/** GET /api/customers/{userId}'s answer (the fields the server documents). */
const CustomerSchema = z.object({
  id: z.string(),
  sub: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  roles: z.array(z.string()),
});
export type CustomerRecord = z.infer<typeof CustomerSchema>;

/** GET /api/customers/{userId} with the bearer token: the signed-in shopper's customer record. */
export async function refreshCustomer(userId: string): Promise<CustomerRecord> {
  const response = await sendAuthorized(checkoutApiPaths.customer(userId), { method: 'GET' });
  return CustomerSchema.parse(await response.json());
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
