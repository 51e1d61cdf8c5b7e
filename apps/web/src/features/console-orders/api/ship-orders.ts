import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShipResultSchema, type ShipRequest, type ShipResult } from '@sunward/core/console-orders';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { orderKeys } from './order-keys.ts';

/** POST /api/admin/orders/ship: each order with its carrier and tracking number, answered per order. */
export function shipOrders(orders: ShipRequest['orders']): Promise<ShipResult> {
  return adminSend(
    adminUrl('/orders/ship'),
    { method: 'POST', body: { orders } },
    ShipResultSchema,
  );
}

/** Bulk mark-shipped; the lists and the orders shipped are read again once the server answers. */
export function useShipOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: shipOrders,
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
