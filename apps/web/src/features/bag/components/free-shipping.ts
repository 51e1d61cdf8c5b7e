import type { Cents } from '@sunward/core/money';

/** How far the bag is from free shipping: the amount still to add and the share reached (0 to 1). */
export function freeShippingProgress(subtotal: Cents, target: Cents) {
  if (target <= 0) return { remaining: 0, ratio: 1, reached: true };
  const remaining = Math.max(target - subtotal, 0);
  return { remaining, ratio: Math.min(subtotal / target, 1), reached: remaining === 0 };
}
