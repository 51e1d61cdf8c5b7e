import { useQuery } from '@tanstack/react-query';
import { ConsoleDiscountCodeListSchema } from '@sunward/core/discount-schemas';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { discountsKeys } from './discounts-keys.ts';

/** GET /api/admin/discounts: every code with its uses, orders, discount given and revenue. */
export const getDiscounts = (signal?: AbortSignal) =>
  adminGet(adminUrl('/discounts'), ConsoleDiscountCodeListSchema, signal);

export function useDiscounts() {
  return useQuery({
    queryKey: discountsKeys.list(),
    queryFn: ({ signal }) => getDiscounts(signal),
  });
}
