/**
 * Test factories for returns: a delivered order (paid end to end, then completed), the units of an
 * Order view as the return page lists them, a return form and its submission.
 */
import { vi } from 'vitest';
import type { Order, ReturnItem } from '@sunward/core/checkout-schemas';
import type { TestApp } from '../../../test/test-app.ts';
import { JOB_WAIT } from '../../lib/jobs/testing/job-test-kit.ts';
import { cartLine, placeOrder } from '../checkout/checkout.factories.ts';

/**
 * An order paid end to end (3 Alaska shirts in MD - Regular, Front, $45.00 each, shipped to Charlotte:
 * subtotal $135.00, ground free, NC tax 4.75% = $6.41), then delivered (`completed`, as an operator or
 * the carrier would leave it). Signed in with `token`, a guest without.
 */
export async function deliveredOrder(
  t: TestApp,
  options: Parameters<typeof placeOrder>[1] & { status?: string } = {},
) {
  const placed = await placeOrder(t, { cart: [cartLine({ quantity: 3 })], ...options });
  const row = await t.database.db
    .updateTable('orders')
    .set({ status: options.status ?? 'completed' })
    .where('order_number', '=', placed.order.orderNumber)
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  return { ...placed, orderId: row.id, email: row.email };
}

/** The order's units as the return page lists them: one per unit, itemId = its index, all Keep. */
export function returnUnits(order: Order): ReturnItem[] {
  return order.products
    .flatMap((p) =>
      Array.from({ length: p.quantity }, () => ({
        itemId: 0,
        returnType: 'Keep' as const,
        returnReason: '' as const,
        sizeExchange: '' as const,
        positionExchange: '' as const,
        selected: false,
        design: p.design,
        position: p.position,
        productCost: p.productCost,
        size: p.size,
        productId: p.productId,
      })),
    )
    .map((unit, itemId) => ({ ...unit, itemId }));
}

/** A Refund of `itemId` for `reason`. */
export const refund = (reason: ReturnItem['returnReason'] = 'too-tight') =>
  ({ returnType: 'Refund', returnReason: reason, selected: true }) as const;

/** An Exchange for `size` and `position`. */
export const exchange = (
  sizeExchange: ReturnItem['sizeExchange'],
  positionExchange: ReturnItem['positionExchange'] = 'Front',
  reason: ReturnItem['returnReason'] = 'too-short',
) =>
  ({
    returnType: 'Exchange',
    returnReason: reason,
    sizeExchange,
    positionExchange,
    selected: true,
  }) as const;

/**
 * The body of POST /api/orders/return: the units of `units` (default: every unit of the order) with
 * `choices` applied by itemId, the order's unit count, and the guest's `email` if given.
 */
export function returnBody(
  order: Order,
  choices: Record<number, Partial<ReturnItem>>,
  options: { email?: string; units?: number[]; orderProductCount?: number } = {},
) {
  const all = returnUnits(order);
  const units = options.units ? all.filter((u) => options.units!.includes(u.itemId)) : all;
  return {
    order: {
      orderNumber: order.orderNumber,
      ...(options.email !== undefined ? { email: options.email } : {}),
    },
    products: units.map((u) => ({ ...u, ...choices[u.itemId] })),
    orderProductCount: options.orderProductCount ?? all.length,
  };
}

/** POST /api/orders/return, with a bearer `token` if given. */
export function submitReturn(t: TestApp, body: unknown, token?: string) {
  return t.request(
    'POST',
    '/api/orders/return',
    body,
    token ? { authorization: `Bearer ${token}` } : {},
  );
}

/**
 * The label URL of return `publicId` once its job (return.recorded -> labels.return-label) has made
 * it.
 */
export function labelMade(t: TestApp, publicId: string): Promise<string> {
  return vi.waitFor(async () => {
    const row = await t.database.db
      .selectFrom('returns')
      .select('return_label')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    if (!row.return_label) throw new Error(`return ${publicId} has no label yet`);
    return row.return_label;
  }, JOB_WAIT);
}
