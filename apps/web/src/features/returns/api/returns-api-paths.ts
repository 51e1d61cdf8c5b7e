/** The return pages' API URLs (the inventory's is the catalogue's, shared/api/api-paths.ts). */
export const returnsApiPaths = {
  /** POST { order: { orderNumber, email? }, products, orderProductCount }: the order with its new return. */
  createReturn: () => '/api/orders/return',
} as const;
