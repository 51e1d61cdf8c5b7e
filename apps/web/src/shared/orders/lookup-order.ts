import { OrderSchema, type Order } from '@sunward/core/checkout-schemas';
import { sendJson } from '@/shared/api/http.ts';

export interface LookupQuery {
  orderNumber: string;
  email: string;
}

/**
 * POST /api/orders/lookup { orderNumber, email }: the order (the POST form of the spec's GET call, so
 * the email stays out of URLs). A 404 `not_found` when nothing matches; 429 after too many tries. The
 * lookup page searches with it and the return confirmation reloads a guest's order with it.
 */
export async function lookupOrder(query: LookupQuery): Promise<Order> {
  const response = await sendJson('/api/orders/lookup', query);
  return OrderSchema.parse(await response.json());
}
