import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderSchema, type Order } from '@sunward/core/checkout-schemas';
import { ApiError } from '@/shared/api/http.ts';
import { accountApiPaths } from './account-api-paths.ts';
import { sendAuthorized } from '@/shared/api/authorized.ts';
import { ordersQueryKey, type OrdersData } from './get-orders.ts';

/** POST /api/orders/cancel {orderNumber}: cancels and refunds a pending order; the order as it now is. */
export async function cancelOrder(orderNumber: string): Promise<Order> {
  const response = await sendAuthorized(accountApiPaths.cancelOrder(), {
    method: 'POST',
    body: { orderNumber },
  });
  return OrderSchema.parse(await response.json());
}

/** Puts the server's copy of an order in place of the cached one (the same row, the new status). */
export function replaceOrder(data: OrdersData | undefined, order: Order): OrdersData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      orders: page.orders.map((o) => (o.orderNumber === order.orderNumber ? order : o)),
    })),
  };
}

/**
 * Cancel Order: on success the order history shows the cancelled order at once. When the server says
 * the order can no longer be cancelled (the shop has moved it on meanwhile), the history is read again
 * so the row shows where the order really is.
 */
export function useCancelOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData<OrdersData>(ordersQueryKey(userId), (data) =>
        replaceOrder(data, order),
      );
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'not_cancellable') {
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey(userId) });
      }
    },
  });
}
