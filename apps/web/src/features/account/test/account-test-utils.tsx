/** Test helpers for the account page: a signed-in shopper, orders, and a fake API behind fetch. */
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { initialAuthState, useAuthStore, type AuthUser } from '@/shared/auth/auth-store.ts';
import { createConfiguration } from '@/test/factories.ts';
import { renderWithProviders } from '@/test/render.tsx';

export const TOKEN = 'access-token-1';

export function createUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    sub: 'usr_riley',
    name: 'Riley Shore',
    email: 'riley@example.com',
    emailVerified: true,
    ...overrides,
  };
}

/** Signs the user in (the auth store as the library leaves it); returns the actions' spies. */
export function signIn(user: AuthUser = createUser()) {
  const actions = {
    signIn: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    accessToken: vi.fn(async () => TOKEN),
  };
  useAuthStore.setState({ status: 'signedIn', user, actions });
  return actions;
}

export const signOutOfStore = () => useAuthStore.setState(initialAuthState());

const address = (line1: string) => ({
  line1,
  line2: '',
  city: 'Charlotte',
  state: 'NC',
  postal_code: '28202',
  country: 'US',
});

let nextOrder = 1;
/** A valid order (core OrderSchema), pending and created now unless told otherwise. */
export function createOrder(overrides: Partial<Order> = {}): Order {
  const now = new Date().toISOString();
  const orderNumber = `ORD${String(nextOrder++).padStart(7, '0')}`;
  return {
    orderNumber,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    tracking: null,
    products: [
      {
        productId: 'prod_test_shirt',
        design: 'alaska',
        size: 'mds',
        position: 'Front',
        quantity: 2,
        productCost: 4500,
      },
    ],
    returns: [],
    shipping: { name: 'Riley Shore', address: address('600 E Trade St') },
    shippingOption: 'ground',
    billing: {
      name: 'Riley Shore',
      email: 'riley@example.com',
      phone: null,
      address: address('100 N Tryon St'),
      card: { brand: 'visa', last4: '4242' },
    },
    subTotal: 9000,
    shippingRate: 770,
    salesTax: 464,
    total: 10234,
    ...overrides,
  };
}

export interface Answer {
  status?: number;
  json?: unknown;
}
type Handler = (call: { url: string; body: unknown; headers: Headers }) => Answer | Promise<Answer>;

/**
 * Routes fetch by "METHOD url-prefix" (the longest prefix wins); the configuration answers by default,
 * anything unknown is a 404. Returns the spy.
 */
export function fakeApi(routes: Record<string, Handler> = {}) {
  const all: Record<string, Handler> = {
    'GET /api/configuration': () => ({ json: createConfiguration() }),
    ...routes,
  };
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const key = Object.keys(all)
      .filter((k) => {
        const [m, prefix] = k.split(' ');
        return m === method && url.startsWith(prefix!);
      })
      .sort((a, b) => b.length - a.length)[0];
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const answer = key
      ? await all[key]!({ url, body, headers: new Headers(init?.headers) })
      : { status: 404, json: { code: 'not_found', message: `Not found: ${url}` } };
    return new Response(answer.json === undefined ? null : JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** The calls made to a URL prefix (and method): url, JSON body and headers. */
export function callsTo(spy: ReturnType<typeof fakeApi>, method: string, prefix: string) {
  return spy.mock.calls
    .filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(prefix))
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      headers: new Headers(init?.headers),
    }));
}

/** A promise with its resolve, to hold an answer back until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Where a navigation landed, and the state it carried. */
function Landing() {
  const location = useLocation();
  return (
    <div>
      <h1>Landed on {location.pathname}</h1>
      <pre data-testid="state">{JSON.stringify(location.state)}</pre>
    </div>
  );
}

/** Renders the account page's parts on /account, with /support and /return showing what they got. */
export function renderAccount(ui: ReactElement) {
  return renderWithProviders(
    <Routes>
      <Route path="/account" element={ui} />
      <Route path="*" element={<Landing />} />
    </Routes>,
    { route: '/account' },
  );
}
