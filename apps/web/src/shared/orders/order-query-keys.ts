/**
 * The query key of a customer's order history (the account page's pages of orders). Here because other
 * features change orders too: a return is read back into the history (features/returns).
 */
export const customerOrdersKey = (userId?: string) =>
  userId === undefined
    ? (['account', 'orders'] as const)
    : (['account', 'orders', userId] as const);
