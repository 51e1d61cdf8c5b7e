import { queryOptions, useQuery } from '@tanstack/react-query';
import { CheckoutTotalsSchema, type CheckoutTotalsResponse } from '@sunward/core/checkout-schemas';
import type { ShippingOption } from '@sunward/core/shipping';
import { sendJson } from '@/shared/api/http.ts';
import { checkoutApiPaths, type AddressParam } from './checkout-api-paths.ts';

export interface UpdatePaymentIntentInput {
  paymentIntentId: string;
  clientSecret: string;
  shippingOption: ShippingOption;
  address: AddressParam;
  name: string;
  email: string;
}

/**
 * POST /api/orders/update-pi: the server checks the address again, prices shipping and tax, sets the
 * intent's amount and answers the totals in cents. The client never decides the charged amount.
 */
export async function updatePaymentIntent(
  input: UpdatePaymentIntentInput,
): Promise<CheckoutTotalsResponse> {
  const response = await sendJson(checkoutApiPaths.updatePaymentIntent(), {
    ...input,
    address: { ...input.address, country: 'US' },
  });
  return CheckoutTotalsSchema.parse(await response.json());
}

/**
 * The call is idempotent (same input, same totals), so it is a query keyed by its input: choosing an
 * option asks once, choosing it again reads the cache, and Place Order can `fetchQuery` the same key to
 * be sure the intent carries what is on screen.
 */
export const checkoutTotalsQuery = (input: UpdatePaymentIntentInput) =>
  queryOptions({
    queryKey: ['checkout', 'totals', input],
    queryFn: () => updatePaymentIntent(input),
    staleTime: Infinity,
    retry: false,
  });

export function useCheckoutTotals(input: UpdatePaymentIntentInput | null) {
  return useQuery({
    queryKey: ['checkout', 'totals', input],
    queryFn: () => updatePaymentIntent(input!),
    enabled: input !== null,
    staleTime: Infinity,
    retry: false,
  });
}
