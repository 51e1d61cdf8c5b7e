import { OrderSchema, type Order } from '@sunward/core/checkout-schemas';

/**
 * The navigation state of /return and /return/confirmation: the order, and the email a guest found it
 * with (the lookup's; a signed-in shopper's call carries the bearer token instead).
 */
export interface ReturnState {
  order: Order;
  email?: string;
}

/** The state as the pages read it: null when there is no order in it (then nothing renders). */
export function readReturnState(state: unknown): ReturnState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { order, email } = state as { order?: unknown; email?: unknown };
  const parsed = OrderSchema.safeParse(order);
  if (!parsed.success) return null;
  return typeof email === 'string' && email.trim()
    ? { order: parsed.data, email: email.trim() }
    : { order: parsed.data };
}
