/** Every API URL the storefront calls, relative to the same origin (the server mounts the API at /api). */
export const apiPaths = {
  products: () => '/api/products',
  product: (id: string) => `/api/products/${encodeURIComponent(id)}`,
  designs: () => '/api/designs',
  configuration: () => '/api/configuration',
  inventory: (productId: string) => `/api/inventory/${encodeURIComponent(productId)}`,
  logError: () => '/api/log-error',
  /** POST: create the signed-in shopper's cart (or merge into it). */
  carts: () => '/api/cart',
  /** GET: the carts of a user (`[cart]` or `[]`). */
  cartsOfUser: (userId: string) => `/api/cart/${encodeURIComponent(userId)}`,
  /** PATCH (replace the lines) or DELETE one cart. */
  cart: (cartId: string) => `/api/cart/${encodeURIComponent(cartId)}`,
  /** PATCH: set one line's quantity (1 to 10). */
  cartQuantity: (cartId: string, itemId: number, quantity: number) =>
    `/api/cart/quantity/${encodeURIComponent(cartId)}/${itemId}/${quantity}`,
  /** POST: whether a discount code applies to the bag, and what it takes off (issue 28). */
  checkDiscount: () => '/api/discounts/check',
  /** GET: a design's published reviews from `offset` (the first page without), average and count (issue 29). */
  designReviews: (design: string, sort: string, offset = 0) =>
    `/api/reviews/design/${encodeURIComponent(design)}?sort=${encodeURIComponent(sort)}${offset ? `&offset=${offset}` : ''}`,
  /** GET: fit advice per size, of a design or (none) of every design. */
  fitAdvice: (design?: string) =>
    design ? `/api/fit-advice?design=${encodeURIComponent(design)}` : '/api/fit-advice',
  /** GET: an order's designs as its buyer may review them (`token` or `orderNumber`). */
  reviewableOrder: (proof: { token: string } | { orderNumber: string }) =>
    `/api/reviews/order?${new URLSearchParams(proof)}`,
  /** POST: a buyer's review. */
  reviews: () => '/api/reviews',
  /** GET: the shirts of a bag reminder's link (decision 044). */
  bagRestore: (token: string) => `/api/bag-restore?token=${encodeURIComponent(token)}`,
  /** POST: an address to email once a size is back in stock (decision 050). */
  backInStock: () => '/api/back-in-stock',
  /** POST: a marketing email's unsubscribe token, honoured at once (decision 044). */
  unsubscribe: () => '/api/unsubscribe',
  /** GET: the URL of a return's label (`{ url }`), by the return record's id. */
  returnLabel: (returnId: string) =>
    `/api/orders/downloadReturnLabel/${encodeURIComponent(returnId)}`,
} as const;
