import { useQuery } from '@tanstack/react-query';
import { RateQuoteResponseSchema, type RateQuoteResponse } from '@sunward/core/checkout-schemas';
import { sendJson } from '@/shared/api/http.ts';

/** POST /api/usps/prices/{from}/{to}?quantity=N (spec 7). */
export const shippingPricesPath = (from: string, to: string, quantity: number) =>
  `/api/usps/prices/${encodeURIComponent(from)}/${encodeURIComponent(to)}?quantity=${quantity}`;

/** POST /api/usps/prices/:from/:to?quantity=N: Ground Advantage and Priority Mail base prices in cents. */
export async function getShippingPrices(
  from: string,
  to: string,
  quantity: number,
): Promise<RateQuoteResponse> {
  const response = await sendJson(shippingPricesPath(from, to, quantity), {});
  return RateQuoteResponseSchema.parse(await response.json());
}

/**
 * The prices between two ZIPs for `quantity` shirts (the checkout's options; a later return's fee,
 * which the server quotes the same way); nothing is asked until both ZIPs are known.
 */
export function useShippingPrices(input: { from: string; to: string; quantity: number } | null) {
  return useQuery({
    queryKey: ['shipping-prices', input],
    queryFn: () => getShippingPrices(input!.from, input!.to, input!.quantity),
    enabled: input !== null && input.from !== '' && input.to !== '',
    staleTime: 10 * 60_000,
  });
}
