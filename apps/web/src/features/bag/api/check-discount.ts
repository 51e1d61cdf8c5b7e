import { useMutation } from '@tanstack/react-query';
import type { CartLine } from '@sunward/core/cart';
import {
  CheckDiscountResponseSchema,
  type CheckDiscountResponse,
} from '@sunward/core/discount-schemas';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { sendJson } from '@/shared/api/http.ts';

export interface CheckDiscountInput {
  code: string;
  cart: readonly CartLine[];
}

/**
 * POST /api/discounts/check: whether the code applies to the bag, and what it takes off its goods; a
 * code that does not apply throws the server's message (an ApiError with the reason as its code).
 */
export async function checkDiscount(input: CheckDiscountInput): Promise<CheckDiscountResponse> {
  const response = await sendJson(apiPaths.checkDiscount(), input);
  return CheckDiscountResponseSchema.parse(await response.json());
}

export function useCheckDiscount() {
  return useMutation({ mutationFn: checkDiscount, retry: false });
}
