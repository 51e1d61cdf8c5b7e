import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderSchema, type Order } from '@sunward/core/checkout-schemas';
import type { OrderStatus } from '@sunward/core/order-status';
import { adminSend } from '@/shared/console/admin-api.ts';
import { orderKeys } from './order-keys.ts';

export interface StatusChange {
  orderNumber: string;
  status: OrderStatus;
  carrier?: string;
  tracking?: string;
  reason?: string;
}

/** PATCH /api/orders/status: the operators' door to the order's state machine. */
export function changeOrderStatus(change: StatusChange): Promise<Order> {
  return adminSend('/api/orders/status', { method: 'PATCH', body: change }, OrderSchema);
}

/** A status change; the order and the lists are read again once the server has answered. */
export function useChangeOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
