import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderLabelSchema, type OrderLabel } from '@sunward/core/console-labels';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { orderKeys } from './order-keys.ts';

/** POST /api/admin/labels/void: void the order's label (the order is ready to ship again). */
export function voidLabel(orderNumber: string): Promise<OrderLabel> {
  return adminSend(
    adminUrl('/labels/void'),
    { method: 'POST', body: { orderNumber } },
    OrderLabelSchema,
  );
}

export function useVoidLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: voidLabel,
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
