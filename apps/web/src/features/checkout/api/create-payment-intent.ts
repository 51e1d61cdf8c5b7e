import { useQuery } from '@tanstack/react-query';
import {
  CreatePaymentIntentResponseSchema,
  type CreatePaymentIntentResponse,
} from '@sunward/core/checkout-schemas';
import type { CartLine } from '@sunward/core/cart';
import { sendJson } from '@/shared/api/http.ts';
import { checkoutApiPaths } from './checkout-api-paths.ts';

/**
 * POST /api/orders/create-pi-guest {cart}: the server prices the bag and opens a payment intent. The
 * answer names the card provider ('sandbox' or 'stripe') the payment form must use.
 */
export async function createPaymentIntent(
  cart: readonly CartLine[],
): Promise<CreatePaymentIntentResponse> {
  const response = await sendJson(checkoutApiPaths.createPaymentIntentGuest(), { cart });
  return CreatePaymentIntentResponseSchema.parse(await response.json());
}

/**
 * One intent per visit to /checkout and bag content. A query rather than an effect, so React's
 * StrictMode double mount asks once; gcTime 0 so a later visit starts a fresh intent.
 */
export function usePaymentIntent(cart: readonly CartLine[]) {
  return useQuery({
    queryKey: [
      'checkout',
      'payment-intent',
      cart.map((l) => `${l.design}:${l.size}:${l.position}:${l.quantity}`).join('|'),
    ],
    queryFn: () => createPaymentIntent(cart),
    enabled: cart.length > 0,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
