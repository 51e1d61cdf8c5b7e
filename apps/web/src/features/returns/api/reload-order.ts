import { useQuery } from '@tanstack/react-query';
import { OrderSchema, type Order } from '@sunward/core/checkout-schemas';
import { sendJson } from '@/shared/api/http.ts';
import { returnsApiPaths } from './returns-api-paths.ts';

/** POST /api/orders/lookup { orderNumber, email }: the order as the shop has it now. */
export async function lookupOrder(orderNumber: string, email: string): Promise<Order> {
  const response = await sendJson(returnsApiPaths.lookupOrder(), { orderNumber, email });
  return OrderSchema.parse(await response.json());
}

/**
 * Spec 2, Return Confirmation "reloads the order": a guest's order is read again by its number and
 * email (shown at once from what the return call answered, until the reload is in). Without an email
 * (a signed-in shopper's return) the return call's answer is the order as it now is: nothing to ask.
 */
export function useReloadedOrder(order: Order, email: string | undefined) {
  return useQuery({
    queryKey: ['returns', 'order', order.orderNumber, email],
    queryFn: () => lookupOrder(order.orderNumber, email!),
    enabled: Boolean(email),
    placeholderData: order,
    staleTime: 0,
    retry: false,
  });
}
