import { useQuery } from '@tanstack/react-query';
import { OrderSchema, type Order } from '@sunward/core/checkout-schemas';
import { sendJson } from '@/shared/api/http.ts';
import { checkoutApiPaths } from './checkout-api-paths.ts';

/**
 * POST /api/orders {paymentIntentId, clientSecret}: the order for a paid intent, created once, then
 * returned; only to the holder of the intent's client secret.
 */
export async function createOrder(paymentIntentId: string, clientSecret: string): Promise<Order> {
  const response = await sendJson(checkoutApiPaths.createOrder(), {
    paymentIntentId,
    clientSecret,
  });
  return OrderSchema.parse(await response.json());
}

export interface OrderClaim {
  paymentIntentId: string;
  clientSecret: string;
}

/**
 * The success page's order. A query keyed by the intent and its secret, so StrictMode's double effect and
 * re-renders ask once (the server is idempotent anyway); no retry, no refetch. `null`: nothing to ask.
 */
export function useCreateOrder(claim: OrderClaim | null) {
  return useQuery({
    queryKey: ['checkout', 'order', claim?.paymentIntentId, claim?.clientSecret],
    queryFn: () => createOrder(claim!.paymentIntentId, claim!.clientSecret),
    enabled: claim !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
