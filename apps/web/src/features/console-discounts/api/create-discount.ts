import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsoleDiscountCodeSchema, type DiscountCodeInput } from '@sunward/core/discount-schemas';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { discountsKeys } from './discounts-keys.ts';

/** POST /api/admin/discounts: a new code (409 `code_taken` for a code that exists). */
export const createDiscount = (input: DiscountCodeInput) =>
  adminSend(adminUrl('/discounts'), { method: 'POST', body: input }, ConsoleDiscountCodeSchema);

export function useCreateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscount,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: discountsKeys.list() }),
  });
}
