/**
 * Issue 10, defect 1, as a property: whatever the shopper clicks (options and addresses, A -> B -> A
 * and longer) and in whatever order the server receives and answers update-pi, Place Order charges
 * exactly the total the page shows, and that total is the server's for the checkout's choices.
 */
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { ShippingOption } from '@sunward/core/shipping';
import { useCheckoutTotals, type UpdatePaymentIntentInput } from '../api/update-payment-intent.ts';
import type { PaymentMethodHandle } from '../api/payment-outcome.ts';
import { usePlaceOrder } from './use-place-order.ts';

const ADDRESSES = {
  nyc: { line1: '350 5th Ave', line2: '', city: 'New York', state: 'NY', postal_code: '10118' },
  clt: { line1: '600 S Tryon St', line2: '', city: 'Charlotte', state: 'NC', postal_code: '28202' },
} as const;
type Where = keyof typeof ADDRESSES;
/** The server's totals for each choice (cents). */
const TOTAL: Record<ShippingOption, Record<Where, number>> = {
  ground: { nyc: 5180, clt: 5392 },
  priority: { nyc: 5735, clt: 5968 },
};
const whereOf = (postal: string): Where => (postal === '10118' ? 'nyc' : 'clt');

interface Choice {
  option: ShippingOption;
  where: Where;
}

/** A checkout on the server: update-pi requests arrive when the test delivers them, in any order. */
function fakeServer() {
  const state: { choice: Choice | null; charged: number[] } = { choice: null, charged: [] };
  const inFlight: (() => void)[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetch = vi.fn((url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as {
      shippingOption: ShippingOption;
      address: { postal_code: string };
      total?: number;
    };
    const choice = { option: body.shippingOption, where: whereOf(body.address.postal_code) };
    if (String(url).endsWith('/update-pi')) {
      return new Promise<Response>((resolve) =>
        inFlight.push(() => {
          state.choice = choice; // the server prices what it receives, when it receives it
          const total = TOTAL[choice.option][choice.where];
          resolve(json(200, { subtotal: 4500, shipping: total - 4500, salesTax: 0, total }));
        }),
      );
    }
    // confirm-pi: charge only for the checkout's own choices and total.
    const server = state.choice;
    const same =
      server !== null && server.option === choice.option && server.where === choice.where;
    if (!same || body.total !== TOTAL[server.option][server.where]) {
      return Promise.resolve(
        json(409, {
          code: 'total_changed',
          message: 'Your order total has changed.',
          totals: null,
        }),
      );
    }
    state.charged.push(body.total!);
    return Promise.resolve(
      json(200, { status: 'succeeded', redirectUrl: 'http://shop.test/success?payment_intent=pi' }),
    );
  });
  /** Delivers the request at `index` (modulo the number waiting); false when none waits. */
  const deliver = (index: number) => {
    if (inFlight.length === 0) return false;
    inFlight.splice(index % inFlight.length, 1)[0]!();
    return true;
  };
  return { state, fetch, deliver, waiting: () => inFlight.length };
}

const handle: PaymentMethodHandle = {
  prepare: () =>
    Promise.resolve({
      ok: true,
      paymentMethod: {
        type: 'card',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      },
    }),
};

function inputFor(choice: Choice): UpdatePaymentIntentInput {
  return {
    paymentIntentId: 'pi_1',
    clientSecret: 'pi_1_secret_x',
    shippingOption: choice.option,
    address: ADDRESSES[choice.where],
    name: 'Jamie Rivera',
    email: 'jamie@example.com',
    reminderConsent: false,
  };
}

type Seen = {
  totals: ReturnType<typeof useCheckoutTotals>;
  place: ReturnType<typeof usePlaceOrder>;
};

function Harness(props: { choice: Choice; seen: { current: Seen | null } }) {
  const totals = useCheckoutTotals(inputFor(props.choice));
  const place = usePlaceOrder(() => undefined);
  props.seen.current = { totals, place };
  return null;
}

const choiceArb = fc.record({
  option: fc.constantFrom<ShippingOption>('ground', 'priority'),
  where: fc.constantFrom<Where>('nyc', 'clt'),
});
const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('choose' as const), choice: choiceArb }),
  fc.record({ kind: fc.constant('deliver' as const), index: fc.nat(20) }),
);

describe('Place Order after any sequence of changes', () => {
  it('charges exactly the total shown, which is the server total for the choices on screen', async () => {
    await fc.assert(
      fc.asyncProperty(
        choiceArb,
        fc.array(stepArb, { maxLength: 12 }),
        fc.array(fc.nat(20), { minLength: 12, maxLength: 12 }),
        async (first, steps, deliveryOrder) => {
          const server = fakeServer();
          vi.stubGlobal('fetch', server.fetch);
          const seen: { current: Seen | null } = { current: null };
          const client = new QueryClient();
          let choice = first;
          const view = render(
            <QueryClientProvider client={client}>
              <Harness choice={choice} seen={seen} />
            </QueryClientProvider>,
          );
          const show = (next: Choice) =>
            view.rerender(
              <QueryClientProvider client={client}>
                <Harness choice={next} seen={seen} />
              </QueryClientProvider>,
            );
          const settle = async () => {
            let i = 0;
            while (server.waiting() > 0) {
              await act(async () => {
                server.deliver(deliveryOrder[i++ % deliveryOrder.length]!);
              });
              await act(async () => {});
            }
          };
          for (const step of steps) {
            if (step.kind === 'choose') {
              choice = step.choice;
              show(choice);
            } else {
              await act(async () => {
                server.deliver(step.index);
              });
            }
          }
          await act(async () => {}); // the last change's request is on its way
          await settle();

          // The shopper clicks Place Order until it goes through (a refused total is re-shown first).
          for (let attempt = 0; attempt < 3 && server.state.charged.length === 0; attempt++) {
            await waitFor(() => expect(seen.current!.totals.totals).toBeDefined());
            const { totals, place } = seen.current!;
            const shown = totals.totals!.total;
            expect(shown).toBe(TOTAL[choice.option][choice.where]);
            await act(() =>
              place.placeOrder({
                shown: inputFor(choice),
                totals: totals.totals!,
                refreshTotals: totals.refresh,
                handle,
                email: 'jamie@example.com',
                billing: { name: 'Jamie Rivera', address: ADDRESSES[choice.where] },
                shipping: null,
              }),
            );
            if (server.state.charged.length === 0) {
              expect(server.waiting()).toBe(1); // the page asked for the totals again
              await settle();
            } else {
              expect(server.state.charged).toEqual([shown]);
            }
          }
          expect(server.state.charged).toEqual([TOTAL[choice.option][choice.where]]);
          expect(server.state.choice).toEqual(choice);
          view.unmount();
          client.clear();
          vi.unstubAllGlobals();
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
