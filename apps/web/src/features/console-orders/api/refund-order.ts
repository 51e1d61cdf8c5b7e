import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RefundAnswerSchema,
  type RefundAnswer,
  type RefundRequest,
} from '@sunward/core/console-orders';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { orderKeys } from './order-keys.ts';

/** POST /api/admin/orders/{orderNumber}/refunds: the same key answers the same refund. */
export function refundOrder(orderNumber: string, request: RefundRequest): Promise<RefundAnswer> {
  return adminSend(
    adminUrl(`/orders/${encodeURIComponent(orderNumber)}/refunds`),
    { method: 'POST', body: request },
    RefundAnswerSchema,
  );
}

/** A refund; the order and the lists are read again once the server has answered. */
export function useRefundOrder(orderNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: RefundRequest) => refundOrder(orderNumber, request),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
