import type { CartLine } from '@sunward/core/cart';
import {
  CheckDiscountResponseSchema,
  type CheckDiscountResponse,
} from '@sunward/core/discount-schemas';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { sendJson } from '@/shared/api/http.ts';

/**
 * POST /api/discounts/check from checkout: whether a code typed here applies to the bag (then update-pi
 * prices it, checking it again with the shopper's email); a code that does not apply throws the
 * server's message.
 */
export async function checkBagDiscount(input: {
  code: string;
  cart: readonly CartLine[];
}): Promise<CheckDiscountResponse> {
  const response = await sendJson(apiPaths.checkDiscount(), input);
  return CheckDiscountResponseSchema.parse(await response.json());
}
