import { customerOrdersKey } from '@/shared/orders/order-query-keys.ts';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import { OrderSchema } from '@sunward/core/checkout-schemas';
import { accountApiPaths } from './account-api-paths.ts';
import { sendAuthorized } from '@/shared/api/authorized.ts';

/** Orders asked for per page (the server allows 1 to 50). */
export const ORDERS_PAGE_SIZE = 20;

/** GET /api/customers/{userId}/orders: a page of orders, newest first, and the next page's cursor. */
export const OrdersPageSchema = z.object({
  orders: z.array(OrderSchema),
  nextCursor: z.string().nullable(),
});
export type OrdersPage = z.infer<typeof OrdersPageSchema>;
export type OrdersData = InfiniteData<OrdersPage, string | null>;

export async function getOrders(
  userId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OrdersPage> {
  const url = accountApiPaths.customerOrders(userId, ORDERS_PAGE_SIZE, cursor);
  const response = await sendAuthorized(url, { signal });
  return OrdersPageSchema.parse(await response.json());
}

export const ordersQueryKey = (userId: string) => customerOrdersKey(userId);

/** The customer's order history, a page at a time (fetchNextPage while hasNextPage). */
export function useOrders(userId: string) {
  return useInfiniteQuery({
    queryKey: ordersQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getOrders(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The history changes only by this page's own actions (which update the cache) or by the shop.
    staleTime: 60_000,
  });
}
