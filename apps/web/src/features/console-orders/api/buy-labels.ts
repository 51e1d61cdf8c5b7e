import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LabelsAnswerSchema, type LabelsAnswer } from '@sunward/core/console-labels';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { orderKeys } from './order-keys.ts';

/**
 * POST /api/admin/labels: buy the labels of these orders, answered per order as each purchase stands.
 * `confirmNoLabel`: the operator checked the carrier's account after a purchase it did not answer.
 */
export function buyLabels(
  orders: string[],
  options: { confirmNoLabel?: boolean } = {},
): Promise<LabelsAnswer> {
  return adminSend(
    adminUrl('/labels'),
    { method: 'POST', body: { orders, ...options } },
    LabelsAnswerSchema,
  );
}

/** Buy labels; the orders' labels and the lists are read again once the server answers. */
export function useBuyLabels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orders: string[] | { orders: string[]; confirmNoLabel: boolean }) =>
      Array.isArray(orders)
        ? buyLabels(orders)
        : buyLabels(orders.orders, { confirmNoLabel: orders.confirmNoLabel }),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
