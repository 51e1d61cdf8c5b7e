import { useQuery } from '@tanstack/react-query';
import {
  RefundQuoteSchema,
  type RefundPickRequest,
  type RefundQuote,
} from '@sunward/core/console-orders';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { orderKeys } from './order-keys.ts';

/** POST /api/admin/orders/{orderNumber}/refunds/quote: what `pick` would refund now. */
export function quoteRefund(
  orderNumber: string,
  pick: RefundPickRequest,
  signal?: AbortSignal,
): Promise<RefundQuote> {
  return adminSend(
    adminUrl(`/orders/${encodeURIComponent(orderNumber)}/refunds/quote`),
    { method: 'POST', body: pick, signal },
    RefundQuoteSchema,
  );
}

/** The server's figure for the pick as it stands (none while nothing is picked). */
export function useRefundQuote(orderNumber: string, pick: RefundPickRequest | null) {
  return useQuery({
    queryKey: orderKeys.quote(orderNumber, pick),
    queryFn: ({ signal }) => quoteRefund(orderNumber, pick!, signal),
    enabled: pick !== null,
    retry: false,
    staleTime: 0,
  });
}
