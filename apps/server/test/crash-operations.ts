/**
 * The crash test's operations (crash.test.ts), one entry each: what the test's own process makes
 * beforehand, and the requests a shopper or an operator sends a shop process that may die under them.
 * Each answers what the shop acknowledged, for the checks (crash-checks.ts).
 */
import type { Order } from '@sunward/core/checkout-schemas';
import type { RefundAnswer } from '@sunward/core/console-orders';
import { newId } from '../src/lib/ids.ts';
import {
  address,
  cartLine,
  confirmBody,
  placeOrder,
  type StartedCheckout,
} from '../src/features/checkout/checkout.factories.ts';
import { mintToken } from '../src/features/customers/customers.factories.ts';
import type { Person } from '../src/features/operators/operators.factories.ts';
import { deliveredOrder, refund, returnBody } from '../src/features/returns/returns.factories.ts';
import { answer, type Operation, type Shop } from './crash-shops.ts';
import type { TestApp } from './test-app.ts';

/** The sizes the test's checkouts buy (counted, so each priced checkout holds them). */
export const CHECKOUT_SIZES = ['smr', 'mdr', 'lgr'] as const;

/**
 * A bearer header for `who` on `shop`: a token of its own issuer (its SITE_URL is its own origin),
 * which reaches the same customer through the verified email.
 */
async function signedIn(t: TestApp, shop: Shop, who: Person) {
  const token = await mintToken(t.database.db, shop.origin, {
    claims: { email: who.email, email_verified: true, name: who.name },
  });
  return { authorization: `Bearer ${token}` };
}

export function crashOperations(t: TestApp, people: { shopper: Person; operator: Person }) {
  return {
    /** A guest returns one shirt of a delivered order: answers the return's public id. */
    return: {
      async prepare() {
        const { order, email } = await deliveredOrder(t);
        const body = returnBody(order, { 0: refund() }, { email });
        return async (shop) =>
          (await answer<Order>(shop.request('POST', '/api/orders/return', body))).returns.at(-1)!
            .id;
      },
    } satisfies Operation<string>,

    /** The shopper cancels a paid, pending order: answers its number. */
    cancel: {
      async prepare() {
        const { order } = await placeOrder(t, {
          token: people.shopper.token,
          email: people.shopper.email,
          cart: [cartLine({ quantity: 2 })],
        });
        return async (shop) => {
          const body = { orderNumber: order.orderNumber };
          const headers = await signedIn(t, shop, people.shopper);
          return (await answer<Order>(shop.request('POST', '/api/orders/cancel', body, headers)))
            .orderNumber;
        };
      },
    } satisfies Operation<string>,

    /** An operator refunds a paid order in the console, by shirts or by amount: answers the refund. */
    refund: {
      async prepare(random) {
        const pick =
          random() < 0.5
            ? { items: [{ line: 1, quantity: 1 }] }
            : { amount: 100 + Math.floor(random() * 4000) };
        const { order } = await placeOrder(t, { cart: [cartLine({ quantity: 2 })] });
        return async (shop) => {
          const body = { ...pick, reason: 'Crash test', idempotencyKey: newId('key') };
          const path = `/api/admin/orders/${order.orderNumber}/refunds`;
          const headers = await signedIn(t, shop, people.operator);
          const made = await answer<RefundAnswer>(shop.request('POST', path, body, headers));
          return { id: made.refund.id, amount: made.refund.amount };
        };
      },
    } satisfies Operation<{ id: string; amount: number }>,

    /**
     * A guest checks out with the sandbox card as the page does (create the intent, price it, Place
     * Order, then the success page's POST /api/orders): answers the paid intent's id.
     */
    checkout: {
      async prepare(random) {
        const cart = [
          cartLine({
            quantity: 1 + Math.floor(random() * 3),
            size: CHECKOUT_SIZES[Math.floor(random() * CHECKOUT_SIZES.length)]!,
          }),
        ];
        return async (shop) => {
          const started = await answer<StartedCheckout>(
            shop.request('POST', '/api/orders/create-pi-guest', { cart }),
          );
          const intent = {
            paymentIntentId: started.paymentIntentId,
            clientSecret: started.clientSecret,
          };
          await answer(
            shop.request('POST', '/api/orders/update-pi', {
              ...intent,
              shippingOption: 'ground',
              address: address(),
              name: 'Jamie Rivera',
              email: 'jamie@example.com',
            }),
          );
          // The page's Place Order: the return URL is the serving shop's own.
          const placed = await confirmBody({ ...t, baseUrl: shop.origin }, started);
          await answer(shop.request('POST', '/api/orders/confirm-pi', placed));
          await answer<Order>(shop.request('POST', '/api/orders', intent));
          return started.paymentIntentId;
        };
      },
    } satisfies Operation<string>,
  };
}
