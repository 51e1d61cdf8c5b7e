/**
 * Test factories for the console's returns: a return made the way a customer makes it (an order paid
 * end to end, delivered, then POST /api/orders/return) and the console's calls as an operator
 * (operators/operators.factories.ts).
 */
import type { Order } from '@sunward/core/checkout-schemas';
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import type { TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { cartLine } from '../checkout/checkout.factories.ts';
import { deliveredOrder, labelMade, returnBody, submitReturn } from './returns.factories.ts';

/** A fresh idempotency key. */
export const key = () => newId('idem').replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * A delivered order (`quantity` Alaska shirts in `size`, $45.00 each, NC tax) and a return of it with
 * `choices` by unit (default: unit 0 refunded), as a guest submits it, with its label made. Answers the
 * order, its row id and the return's public id.
 */
export async function returnedOrder(
  t: TestApp,
  options: {
    quantity?: number;
    size?: string;
    choices?: Parameters<typeof returnBody>[1];
    /** Wait for the return's label job to make its label (default); false when the provider fails. */
    label?: boolean;
  } = {},
) {
  const delivered = await deliveredOrder(t, {
    cart: [cartLine({ quantity: options.quantity ?? 3, size: options.size ?? 'mdr' })],
  });
  const body = returnBody(
    delivered.order,
    options.choices ?? { 0: { returnType: 'Refund', returnReason: 'too-tight', selected: true } },
    { email: delivered.email },
  );
  const res = await submitReturn(t, body);
  if (res.status !== 200) throw new Error(`return ${res.status}: ${res.text}`);
  const order = res.body as Order;
  if (options.label !== false)
    order.returns.at(-1)!.returnLabel = await labelMade(t, order.returns.at(-1)!.id);
  return {
    ...delivered,
    order,
    returnId: order.returns.at(-1)!.id,
    paymentIntentId: delivered.checkout.paymentIntentId,
  };
}

/** The console's calls, as the person with these `headers`. */
export function consoleCalls(t: TestApp, as: { authorization: string }) {
  const at = (id: string, action = '') => `/api/admin/returns/${id}${action}`;
  return {
    queue: (query = '') => t.request('GET', `/api/admin/returns${query}`, undefined, as),
    detail: (id: string) => t.request('GET', at(id), undefined, as),
    label: (id: string, idempotencyKey = key()) =>
      t.request('POST', at(id, '/label'), { idempotencyKey }, as),
    receive: (id: string, units: { itemId: number; restock: boolean }[]) =>
      t.request('POST', at(id, '/receive'), { units }, as),
    refund: (id: string, body: Record<string, unknown> = {}) =>
      t.request('POST', at(id, '/refund'), { idempotencyKey: key(), ...body }, as),
    close: (id: string, body: Record<string, unknown> = {}) =>
      t.request('POST', at(id, '/close'), body, as),
  };
}

/** The detail of a 200 answer. */
export const detailOf = (res: { status: number; body: unknown; text: string }) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${res.text}`);
  return res.body as ReturnDetail;
};
