/**
 * What refunds by items took (`order_refunds.scope`, migration 013): the units per line and whether
 * the shipping went, read back so a later refund by items starts from what is left.
 */
import { z } from 'zod';
import type { RefundedByItems } from '@sunward/core/order-payment';

const ScopeSchema = z.object({
  items: z.array(z.object({ line: z.number().int(), quantity: z.number().int() })),
  shipping: z.boolean(),
});
export type RefundScope = z.infer<typeof ScopeSchema>;

/** A stored scope, or null (a refund by amount, a cancellation, a return, or unreadable JSON). */
export function parseScope(text: string | null): RefundScope | null {
  if (!text) return null;
  try {
    const parsed = ScopeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the refunds with these scopes took, added up. */
export function refundedByItems(scopes: readonly (string | null)[]): RefundedByItems {
  const units = new Map<number, number>();
  let shipping = false;
  for (const text of scopes) {
    const scope = parseScope(text);
    if (!scope) continue;
    for (const { line, quantity } of scope.items)
      units.set(line, (units.get(line) ?? 0) + quantity);
    shipping ||= scope.shipping;
  }
  return { units, shipping };
}
