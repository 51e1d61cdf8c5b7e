/** Every API URL the storefront calls, relative to the same origin (the server mounts the API at /api). */
export const apiPaths = {
  products: () => '/api/products',
  product: (id: string) => `/api/products/${encodeURIComponent(id)}`,
  designs: () => '/api/designs',
  configuration: () => '/api/configuration',
  inventory: (productId: string) => `/api/inventory/${encodeURIComponent(productId)}`,
  logError: () => '/api/log-error',
} as const;
