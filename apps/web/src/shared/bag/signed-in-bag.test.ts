import { describe, expect, it } from 'vitest';
import { createCartLine } from '@/test/factories.ts';
import {
  errorResponse,
  fakeCartApi,
  serverCart,
  signInAs,
  TEST_TOKEN,
  TEST_USER,
} from '@/test/fake-cart-api.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { useToastStore } from '../toast/toast-store.ts';
import { CART_STORAGE_KEY } from './bag-storage.ts';
import { listenToOtherTabs, useBagStore } from './bag-store.ts';
import { LOGIN_TIME_KEY } from './login-time.ts';
import { LOAD_FAILED } from './signed-in-bag.ts';

const store = () => useBagStore.getState();
const toasts = () => useToastStore.getState().toasts.map((t) => [t.kind, t.message]);
const storedLocal = () => localStorage.getItem(CART_STORAGE_KEY);
const loginTime = () => sessionStorage.getItem(LOGIN_TIME_KEY);
const quantities = () => store().lines.map((l) => [l.design, l.size, l.position, l.quantity]);

/** A guest bag in localStorage, as the store reads it at start. */
async function guestBag(...lines: ReturnType<typeof createCartLine>[]) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  await store().hydrate();
}

/** Signs in and waits for the bag to load (hydrate waits for the load under way). */
async function signIn() {
  signInAs();
  expect(store().ready).toBe(false);
  await store().hydrate();
  expect(store().ready).toBe(true);
}

describe('the signed-in bag: first sign-in of the session (spec 4)', () => {
  it('merges the local bag into the server lines with PATCH (larger wins), then removes the local copy, then stores the login time', async () => {
    const alaska = createCartLine({ design: 'alaska', quantity: 5 });
    const arizona = createCartLine({ design: 'arizona', size: 'lgr', quantity: 1 });
    await guestBag(alaska, arizona);
    const onServer = createCartLine({ design: 'alaska', quantity: 2 });
    const api = fakeCartApi(serverCart([onServer], { version: 3 }));
    const seenAtSave: Array<[string | null, string | null]> = [];
    api.beforeAnswer = (call) => {
      if (call.method !== 'GET') seenAtSave.push([storedLocal(), loginTime()]);
    };

    await signIn();

    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET /api/cart/${encodeURIComponent(TEST_USER.sub)}`,
      'PATCH /api/cart/cart_1',
    ]);
    expect(api.calls.every((c) => c.authorization === `Bearer ${TEST_TOKEN}`)).toBe(true);
    expect(api.calls[1]!.body).toEqual({
      cart: [{ ...onServer, quantity: 5 }, arizona],
      version: 3,
    });
    // While saving, the local copy was still there and no login time stored.
    expect(seenAtSave).toEqual([[expect.any(String), null]]);
    expect(storedLocal()).toBeNull();
    expect(loginTime()).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(quantities()).toEqual([
      ['alaska', 'mds', 'Front', 5],
      ['arizona', 'lgr', 'Front', 1],
    ]);
    expect(toasts()).toEqual([]);
  });

  it.each([
    ['no cart', null],
    ['a cart without lines', serverCart([])],
  ])('creates the cart with POST when the server has %s', async (_name, initial) => {
    const local = createCartLine({ quantity: 3 });
    await guestBag(local);
    const api = fakeCartApi(initial);
    await signIn();
    expect(api.callsTo('POST', '/api/cart')).toEqual([
      expect.objectContaining({ body: { userId: TEST_USER.sub, cart: [local] } }),
    ]);
    expect(api.callsTo('PATCH', '/api/cart')).toEqual([]);
    expect(store().lines).toEqual([local]);
    expect(storedLocal()).toBeNull();
    expect(loginTime()).not.toBeNull();
  });

  it.each([
    [
      'the GET answers 500',
      'GET',
      errorResponse(500, 'The cart service is down.'),
      'The cart service is down.',
    ],
    ['the PATCH answers 500', 'PATCH', errorResponse(500, 'Could not save.'), 'Could not save.'],
    ['the network fails', 'PATCH', 'network' as const, LOAD_FAILED],
  ])(
    'when %s: an error toast, the local bag stays, no login time',
    async (_name, method, answer, message) => {
      const local = createCartLine({ quantity: 4 });
      await guestBag(local);
      const api = fakeCartApi(serverCart([createCartLine({ design: 'key-west' })]));
      api.fail(method, '/api/cart', answer);
      await signIn();
      expect(toasts()).toEqual([['error', message]]);
      expect(JSON.parse(storedLocal()!)).toEqual([local]);
      expect(loginTime()).toBeNull();
      expect(store().lines).toEqual([local]);

      // Tried again before the next change: the merge, then the change.
      await expect(store().remove(local.itemId)).resolves.toEqual({ ok: true, message: null });
      expect(storedLocal()).toBeNull();
      expect(loginTime()).not.toBeNull();
      expect(quantities()).toEqual([['key-west', 'mds', 'Front', 1]]);
    },
  );
});

describe('the signed-in bag: later loads, other tabs, Log Out', () => {
  it('a later load in the session only reads the server bag (no merge, the local copy untouched)', async () => {
    sessionStorage.setItem(LOGIN_TIME_KEY, '2025-06-01T12:00:00.000Z');
    const local = createCartLine({ design: 'arizona' });
    await guestBag(local);
    const onServer = createCartLine({ design: 'alaska', quantity: 2 });
    const api = fakeCartApi(serverCart([onServer]));
    await signIn();
    expect(api.calls.map((c) => c.method)).toEqual(['GET']);
    expect(store().lines).toEqual([onServer]);
    expect(JSON.parse(storedLocal()!)).toEqual([local]);
    expect(loginTime()).toBe('2025-06-01T12:00:00.000Z');
  });

  it('refreshes from the server when the tab comes back into view', async () => {
    sessionStorage.setItem(LOGIN_TIME_KEY, '2025-06-01T12:00:00.000Z');
    const api = fakeCartApi(serverCart([createCartLine({ quantity: 1 })]));
    await signIn();
    const stop = listenToOtherTabs();
    api.cart = serverCart([createCartLine({ design: 'key-west', quantity: 4 })], { version: 2 });
    window.dispatchEvent(new Event('focus'));
    await store().hydrate();
    expect(quantities()).toEqual([['key-west', 'mds', 'Front', 4]]);
    // A guest's storage event does not touch the signed-in bag.
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([createCartLine()]));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(quantities()).toEqual([['key-west', 'mds', 'Front', 4]]);
    stop();
  });

  it('a change made while sign-in is still loading waits for the server bag, and goes there', async () => {
    sessionStorage.setItem(LOGIN_TIME_KEY, '2025-06-01T12:00:00.000Z');
    useAuthStore.setState({ status: 'loading' });
    expect(store().ready).toBe(false);
    const api = fakeCartApi(serverCart([createCartLine({ quantity: 1 })]));
    const { id: _id, itemId: _itemId, ...line } = createCartLine({ design: 'arizona' });
    const added = store().add(line);
    signInAs();
    await expect(added).resolves.toEqual({ ok: true, message: null });
    expect(api.calls.map((c) => c.method)).toEqual(['GET', 'PATCH']);
    expect(quantities()).toEqual([
      ['alaska', 'mds', 'Front', 1],
      ['arizona', 'mds', 'Front', 1],
    ]);
    expect(storedLocal()).toBeNull();
  });

  it('Log Out clears the bag state and the login time; signed out, the bag is the guest one', async () => {
    fakeCartApi(serverCart([createCartLine({ quantity: 3 })]));
    await signIn();
    expect(store().lines).toHaveLength(1);
    expect(loginTime()).not.toBeNull();

    useAuthStore.setState({ signingOut: true });
    expect(store().lines).toEqual([]);
    expect(loginTime()).toBeNull();

    const guest = createCartLine({ design: 'sky-ridge' });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([guest]));
    useAuthStore.setState({ status: 'signedOut', user: null, signingOut: false });
    expect(store().lines).toEqual([guest]);
    await store().setQuantity(guest.itemId, 2);
    expect(JSON.parse(storedLocal()!)).toEqual([{ ...guest, quantity: 2 }]);
  });

  it('a session that ends (signed out without Log Out) also forgets the login time', async () => {
    fakeCartApi(serverCart([createCartLine()]));
    await signIn();
    useAuthStore.setState({ status: 'signedOut', user: null });
    expect(loginTime()).toBeNull();
    expect(store().lines).toEqual([]);
  });
});
