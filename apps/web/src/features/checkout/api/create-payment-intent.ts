import { useQuery } from '@tanstack/react-query';
import {
  CreatePaymentIntentResponseSchema,
  type CreatePaymentIntentResponse,
} from '@sunward/core/checkout-schemas';
import type { CartLine } from '@sunward/core/cart';
import { sendAuthorized } from '@/shared/api/authorized.ts';
import { sendJson } from '@/shared/api/http.ts';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { checkoutApiPaths } from './checkout-api-paths.ts';

/**
 * POST /api/orders/create-pi-guest {cart}, or for a signed-in shopper POST /api/orders/create-pi with
 * the bearer token (the order then belongs to their customer record): the server prices the bag and
 * opens a payment intent. The answer names the card provider ('sandbox' or 'stripe') the payment form
 * must use.
 */
export async function createPaymentIntent(
  cart: readonly CartLine[],
  signedIn: boolean,
): Promise<CreatePaymentIntentResponse> {
  const response = signedIn
    ? await sendAuthorized(checkoutApiPaths.createPaymentIntent(), {
        method: 'POST',
        body: { cart },
      })
    : await sendJson(checkoutApiPaths.createPaymentIntentGuest(), { cart });
  return CreatePaymentIntentResponseSchema.parse(await response.json());
}

/**
 * One intent per visit to /checkout and bag content. A query rather than an effect, so React's
 * StrictMode double mount asks once; gcTime 0 so a later visit starts a fresh intent.
 */
export function usePaymentIntent(cart: readonly CartLine[]) {
  const userId = useAuthStore((s) => (s.status === 'signedIn' ? (s.user?.sub ?? null) : null));
  const authKnown = useAuthStore((s) => s.status !== 'loading');
  return useQuery({
    queryKey: [
      'checkout',
      'payment-intent',
      userId,
      cart.map((l) => `${l.design}:${l.size}:${l.position}:${l.quantity}`).join('|'),
    ],
    queryFn: () => createPaymentIntent(cart, userId !== null),
    enabled: cart.length > 0 && authKnown,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
