import { useMutation } from '@tanstack/react-query';
import { OrderSchema, type Order, type ReturnItem } from '@sunward/core/checkout-schemas';
import { sendAuthorized } from '@/shared/api/authorized.ts';
import { sendJson } from '@/shared/api/http.ts';
import { returnsApiPaths } from './returns-api-paths.ts';

/** Spec 7, POST /orders/return: the order (its number; a guest's email), every unit of the form, the unit count. */
export interface CreateReturnRequest {
  order: { orderNumber: string; email?: string };
  products: ReturnItem[];
  orderProductCount: number;
}

/**
 * Submits a return: with the bearer token when signed in (the shopper's own order), else as the guest
 * who knows the order's number and email. The order as it now is (status return, the new return last);
 * a refusal throws the server's message (ApiError).
 */
export async function createReturn(
  request: CreateReturnRequest,
  signedIn: boolean,
): Promise<Order> {
  const url = returnsApiPaths.createReturn();
  const response = signedIn
    ? await sendAuthorized(url, { method: 'POST', body: request })
    : await sendJson(url, request);
  return OrderSchema.parse(await response.json());
}

export function useCreateReturn() {
  return useMutation({
    mutationFn: ({ request, signedIn }: { request: CreateReturnRequest; signedIn: boolean }) =>
      createReturn(request, signedIn),
  });
}
