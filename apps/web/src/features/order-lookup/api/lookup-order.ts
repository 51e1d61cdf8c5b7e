import { useMutation } from '@tanstack/react-query';
import { OrderSchema, type Order } from '@sunward/core/checkout-schemas';
import { sendJson } from '@/shared/api/http.ts';
import { orderLookupApiPaths } from './order-lookup-api-paths.ts';

export interface LookupQuery {
  orderNumber: string;
  email: string;
}

/**
 * POST /api/orders/lookup { orderNumber, email }: the order (the POST form of the spec's GET call, so
 * the email stays out of URLs). A 404 `not_found` when nothing matches; 429 after too many tries.
 */
export async function lookupOrder(query: LookupQuery): Promise<Order> {
  const response = await sendJson(orderLookupApiPaths.lookup(), query);
  return OrderSchema.parse(await response.json());
}

/** Search: a mutation, so that every search asks the server (nothing is answered from a cache). */
export function useLookupOrder() {
  return useMutation({ mutationFn: lookupOrder });
}
