import { useQuery } from '@tanstack/react-query';
import { OrderSchema, type Order } from '@sunward/core/checkout-schemas';
import { sendJson } from '@/shared/api/http.ts';
import { checkoutApiPaths } from './checkout-api-paths.ts';

/** POST /api/orders {paymentIntentId}: the order for a paid intent, created once, then returned. */
export async function createOrder(paymentIntentId: string): Promise<Order> {
  const response = await sendJson(checkoutApiPaths.createOrder(), { paymentIntentId });
  return OrderSchema.parse(await response.json());
}

/**
 * The success page's order. A query keyed by the intent, so StrictMode's double effect and re-renders
 * ask once (the server is idempotent anyway); no retry, no refetch.
 */
export function useCreateOrder(paymentIntentId: string | null) {
  return useQuery({
    queryKey: ['checkout', 'order', paymentIntentId],
    queryFn: () => createOrder(paymentIntentId!),
    enabled: paymentIntentId !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
