import { useQuery } from '@tanstack/react-query';
import type { Order } from '@sunward/core/checkout-schemas';
import { lookupOrder } from '@/shared/orders/lookup-order.ts';

/**
 * Spec 2, Return Confirmation "reloads the order": a guest's order is read again by its number and
 * email (shown at once from what the return call answered, until the reload is in). Without an email
 * (a signed-in shopper's return) the return call's answer is the order as it now is: nothing to ask.
 */
export function useReloadedOrder(order: Order, email: string | undefined) {
  return useQuery({
    queryKey: ['returns', 'order', order.orderNumber, email],
    queryFn: () => lookupOrder({ orderNumber: order.orderNumber, email: email! }),
    enabled: Boolean(email),
    placeholderData: order,
    staleTime: 0,
    retry: false,
  });
}
