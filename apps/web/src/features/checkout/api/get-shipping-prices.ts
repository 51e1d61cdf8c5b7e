import { useQuery } from '@tanstack/react-query';
import { RateQuoteResponseSchema, type RateQuoteResponse } from '@sunward/core/checkout-schemas';
import { sendJson } from '@/shared/api/http.ts';
import { checkoutApiPaths } from './checkout-api-paths.ts';

/** POST /api/usps/prices/:from/:to?quantity=N: Ground Advantage and Priority Mail base prices in cents. */
export async function getShippingPrices(
  from: string,
  to: string,
  quantity: number,
): Promise<RateQuoteResponse> {
  const response = await sendJson(checkoutApiPaths.shippingPrices(from, to, quantity), {});
  return RateQuoteResponseSchema.parse(await response.json());
}

/** The prices for the verified address's ZIP; nothing is asked until both ZIPs are known. */
export function useShippingPrices(input: { from: string; to: string; quantity: number } | null) {
  return useQuery({
    queryKey: ['checkout', 'shipping-prices', input],
    queryFn: () => getShippingPrices(input!.from, input!.to, input!.quantity),
    enabled: input !== null && input.from !== '' && input.to !== '',
    staleTime: 10 * 60_000,
  });
}
