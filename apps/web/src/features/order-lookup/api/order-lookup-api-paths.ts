/** The order lookup's API URLs (the return label's is shared: shared/api/api-paths.ts). */
export const orderLookupApiPaths = {
  /** POST { orderNumber, email }: the order. */
  lookup: () => '/api/orders/lookup',
} as const;
