/** The account page's API URLs (the identity calls' URLs come from GET /api/configuration). */
export const accountApiPaths = {
  /** GET: a page of the customer's orders, newest first; `cursor` is the previous page's nextCursor. */
  customerOrders: (userId: string, limit: number, cursor?: string | null) => {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor) query.set('cursor', cursor);
    return `/api/customers/${encodeURIComponent(userId)}/orders?${query}`;
  },
  cancelOrder: () => '/api/orders/cancel',
} as const;
