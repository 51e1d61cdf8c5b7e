import { beforeEach, describe, expect, it } from 'vitest';
import type { CartLine } from '@sunward/core/cart';
import { createCartLine } from '@/test/factories.ts';
import {
  errorResponse,
  fakeCartApi,
  serverCart,
  signInAs,
  TEST_TOKEN,
  TEST_USER,
} from '@/test/fake-cart-api.ts';
import { useToastStore } from '../toast/toast-store.ts';
import { CART_STORAGE_KEY } from './bag-storage.ts';
import { useBagStore, type BagState, type NewBagLine } from './bag-store.ts';
import { LOGIN_TIME_KEY } from './login-time.ts';
import { CHANGE_FAILED } from './signed-in-bag.ts';

const store = () => useBagStore.getState();
const toasts = () => useToastStore.getState().toasts.map((t) => [t.kind, t.message]);
const newLine = (overrides: Partial<CartLine> = {}): NewBagLine => {
  const { id: _id, itemId: _itemId, ...line } = createCartLine(overrides);
  return line;
};

let first: CartLine;
let second: CartLine;

/** Signed in on a later load of the session, with a server cart of two lines (version 4), or none. */
async function signedInWithCart({ withCart = true } = {}) {
  first = createCartLine({ design: 'alaska', quantity: 2 });
  second = createCartLine({ design: 'arizona', position: 'Back', quantity: 1 });
  const api = fakeCartApi(withCart ? serverCart([first, second], { version: 4 }) : null);
  signInAs();
  await store().hydrate();
  api.calls.length = 0;
  return api;
}

beforeEach(() => sessionStorage.setItem(LOGIN_TIME_KEY, '2025-06-01T12:00:00.000Z'));

describe('signed-in changes go to the server first (spec 4)', () => {
  it('add: PATCH with the version; the state is the answer; localStorage is never written', async () => {
    const api = await signedInWithCart();
    const linesWhenSent: unknown[] = [];
    api.beforeAnswer = () => linesWhenSent.push(store().lines.length);
    const result = await store().add(newLine({ design: 'key-west', quantity: 3 }));
    expect(result).toEqual({ ok: true, message: null });
    expect(linesWhenSent).toEqual([2]); // unchanged until the answer
    const [call] = api.calls;
    expect(call).toMatchObject({
      method: 'PATCH',
      url: '/api/cart/cart_1',
      authorization: `Bearer ${TEST_TOKEN}`,
    });
    expect(call!.body).toEqual({
      cart: [first, second, expect.objectContaining({ design: 'key-west', quantity: 3 })],
      version: 4,
    });
    expect(store().lines).toEqual(api.cart!.cart);
    expect(api.cart!.version).toBe(5);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('add keeps the cap message: Max quantity reached for this product', async () => {
    await signedInWithCart();
    const result = await store().add(newLine({ design: 'alaska', quantity: 9 }));
    expect(result).toEqual({ ok: true, message: 'Max quantity reached for this product' });
    expect(store().lines[0]!.quantity).toBe(10);
  });

  it('add with no server cart yet: POST with the user id', async () => {
    const api = await signedInWithCart({ withCart: false });
    await store().add(newLine({ quantity: 2 }));
    expect(api.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/cart',
        body: { userId: TEST_USER.sub, cart: [expect.objectContaining({ quantity: 2 })] },
      }),
    ]);
    expect(store().lines).toHaveLength(1);
  });

  it('setQuantity: PATCH /api/cart/quantity/{cartId}/{itemId}/{quantity}', async () => {
    const api = await signedInWithCart();
    await expect(store().setQuantity(second.itemId, 7)).resolves.toEqual({
      ok: true,
      message: null,
    });
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `PATCH /api/cart/quantity/cart_1/${second.itemId}/7`,
    ]);
    expect(store().lines.map((l) => l.quantity)).toEqual([2, 7]);
  });

  it('remove: PATCH without the line; clear: DELETE, then the next add creates a new cart', async () => {
    const api = await signedInWithCart();
    await store().remove(first.itemId);
    expect(api.calls[0]).toMatchObject({ method: 'PATCH', body: { cart: [second], version: 4 } });
    expect(store().lines).toEqual([second]);
    await store().clear();
    expect(api.calls[1]).toMatchObject({ method: 'DELETE', url: '/api/cart/cart_1' });
    expect(store().lines).toEqual([]);
    expect(api.cart).toBeNull();
    await store().add(newLine());
    expect(api.calls[2]).toMatchObject({ method: 'POST', url: '/api/cart' });
  });

  const changes: Array<[string, string, (s: BagState) => Promise<unknown>]> = [
    ['add', 'PATCH', (s) => s.add(newLine({ design: 'key-west' }))],
    ['setQuantity', 'PATCH', (s) => s.setQuantity(first.itemId, 9)],
    ['remove', 'PATCH', (s) => s.remove(first.itemId)],
    ['clear', 'DELETE', (s) => s.clear()],
  ];
  describe.each(changes)('%s failing', (_name, method, run) => {
    it.each([
      [
        'a 500 answer',
        errorResponse(500, 'The cart service is down.'),
        'The cart service is down.',
      ],
      ['a network error', 'network' as const, CHANGE_FAILED],
    ])('on %s: an error toast, nothing changes', async (_case, answer, message) => {
      const api = await signedInWithCart();
      const before = store().lines;
      api.fail(method, '/api/cart', answer);
      await expect(run(store())).resolves.toMatchObject({ ok: false });
      expect(toasts()).toEqual([['error', message]]);
      expect(store().lines).toBe(before);
      expect(api.cart!.cart).toEqual([first, second]);
      expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    });
  });
});

describe('409 cart_changed: another device saved in between', () => {
  it('re-applies the same change to the returned cart and sends it again', async () => {
    const api = await signedInWithCart();
    const other = createCartLine({ design: 'sky-ridge', quantity: 4 });
    api.cart = serverCart([first, second, other], { version: 6 }); // the other device's save
    await store().add(newLine({ design: 'key-west', quantity: 1 }));
    expect(api.calls.map((c) => [c.method, (c.body as { version: number }).version])).toEqual([
      ['PATCH', 4],
      ['PATCH', 6],
    ]);
    expect(store().lines.map((l) => l.design)).toEqual([
      'alaska',
      'arizona',
      'sky-ridge',
      'key-west',
    ]);
    expect(toasts()).toEqual([]);
  });

  it('gives up after 3 attempts: the 409 message as a toast, nothing changes', async () => {
    const api = await signedInWithCart();
    api.beforeAnswer = (call) => {
      // Another device saves before each of ours.
      if (call.method === 'PATCH' && api.cart)
        api.cart = { ...api.cart, version: api.cart.version + 1 };
    };
    const before = store().lines;
    await expect(store().remove(first.itemId)).resolves.toEqual({ ok: false, message: null });
    expect(api.calls).toHaveLength(3);
    expect(toasts()).toEqual([['error', 'Your bag was changed on another device.']]);
    expect(store().lines).toBe(before);
  });
});

describe('the catalogue and the signed-in bag', () => {
  it('reprices in the state only, and a line whose product left the catalogue is not sent again', async () => {
    const kept = createCartLine({ design: 'alaska', quantity: 2 });
    const gone = createCartLine({ productId: 'prod_gone', design: 'arizona' });
    const api = fakeCartApi(serverCart([kept, gone], { version: 4 }));
    signInAs();
    await store().hydrate();
    store().reconcile([{ productId: kept.productId, priceId: 'price_new', cost: 4800 }]);
    const repriced = { ...kept, priceId: 'price_new', productCost: 4800 };
    expect(store().lines).toEqual([repriced]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    await store().add(newLine({ design: 'key-west' }));
    expect(api.callsTo('PATCH', '/api/cart/cart_1')[0]!.body).toEqual({
      cart: [repriced, expect.objectContaining({ design: 'key-west' })],
      version: 4,
    });
  });
});
