import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsoleDiscountCodeSchema, type DiscountCodeInput } from '@sunward/core/discount-schemas';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { discountsKeys } from './discounts-keys.ts';

/** PATCH /api/admin/discounts/{id}: a code edited, or disabled (`active: false`). */
export const updateDiscount = (id: string, input: DiscountCodeInput) =>
  adminSend(
    adminUrl(`/discounts/${encodeURIComponent(id)}`),
    { method: 'PATCH', body: input },
    ConsoleDiscountCodeSchema,
  );

export function useUpdateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: DiscountCodeInput }) =>
      updateDiscount(id, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: discountsKeys.list() }),
  });
}
