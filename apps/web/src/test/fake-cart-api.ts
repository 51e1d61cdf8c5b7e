import { vi } from 'vitest';
import { mergeCarts, setLineQuantity, type CartLine } from '@sunward/core/cart';
import type { ServerCart } from '@/shared/api/guards.ts';
import type { AuthActions, AuthUser } from '@/shared/auth/auth-store.ts';
import { useAuthStore } from '@/shared/auth/auth-store.ts';

/** A shopper for signed-in tests, and the access token their actions hand out. */
export const TEST_USER: AuthUser = {
  sub: 'auth0|ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
};
export const TEST_TOKEN = 'token-ada';

/** Signs the shopper in as the auth runtime would (status, user, actions with an access token). */
export function signInAs(user: AuthUser = TEST_USER, token: string | null = TEST_TOKEN) {
  const actions: AuthActions = {
    signIn: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    accessToken: vi.fn(async () => token),
    renew: vi.fn(async () => null),
    forget: vi.fn(async () => undefined),
  };
  useAuthStore.setState({ status: 'signedIn', user, actions, failure: null, signingOut: false });
  return actions;
}

export function serverCart(lines: CartLine[], overrides: Partial<ServerCart> = {}): ServerCart {
  return {
    id: 'cart_1',
    userId: TEST_USER.sub,
    cart: lines,
    version: 1,
    updatedAt: '2025-06-01T12:00:00.000Z',
    message: null,
    ...overrides,
  };
}

export interface CartCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}

type Answer = Response | 'network';

/**
 * The server's cart calls (i13 contract) over an in-memory cart: versions, 409 cart_changed with the
 * current cart, merging POST, quantity PATCH, DELETE. `fail(method, prefix, answer)` makes the next
 * matching call answer `answer` (or reject, 'network'); `beforeAnswer` runs before each cart call (a
 * test may change `cart` there, as another device would). Other URLs go to `fallback` (or 404).
 */
export function fakeCartApi(
  initial: ServerCart | null = null,
  fallback?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
) {
  const api = {
    cart: initial,
    calls: [] as CartCall[],
    failures: [] as Array<{ method: string; prefix: string; answer: Answer; times: number }>,
    beforeAnswer: undefined as ((call: CartCall) => void) | undefined,
    fail(method: string, prefix: string, answer: Answer, times = 1) {
      api.failures.push({ method, prefix, answer, times });
    },
    /** The calls of a method to a path prefix. */
    callsTo: (method: string, prefix: string) =>
      api.calls.filter((c) => c.method === method && c.url.startsWith(prefix)),
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.startsWith('/api/cart')) {
        return fallback ? fallback(input, init) : json(404, { message: 'Not found' });
      }
      const headers = new Headers(init?.headers);
      const call: CartCall = {
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
        authorization: headers.get('authorization'),
      };
      api.calls.push(call);
      api.beforeAnswer?.(call);
      const failure = api.failures.find(
        (f) => f.method === call.method && url.startsWith(f.prefix) && f.times > 0,
      );
      if (failure) {
        failure.times--;
        if (failure.answer === 'network') throw new TypeError('Failed to fetch');
        return failure.answer.clone();
      }
      return answer(call);
    }),
  };

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const save = (lines: CartLine[]) => {
    const current = api.cart;
    api.cart = current
      ? { ...current, cart: lines, version: current.version + 1 }
      : serverCart(lines, { id: 'cart_new' });
    return json(200, api.cart);
  };

  function answer({ method, url, body }: CartCall): Response {
    const path = url.slice('/api/cart'.length).split('/').map(decodeURIComponent);
    if (method === 'GET') return json(200, api.cart ? [api.cart] : []);
    if (method === 'POST') {
      const sent = (body as { cart: CartLine[] }).cart;
      return save(api.cart ? mergeCarts(api.cart.cart, sent) : sent);
    }
    if (!api.cart) return json(404, { code: 'not_found', message: 'Cart not found.' });
    if (method === 'PATCH' && path[1] === 'quantity') {
      const itemId = Number(path[3]);
      if (path[2] !== api.cart.id || !api.cart.cart.some((l) => l.itemId === itemId)) {
        return json(404, { code: 'not_found', message: 'Line not found.' });
      }
      return save(setLineQuantity(api.cart.cart, itemId, Number(path[4])));
    }
    if (path[1] !== api.cart.id)
      return json(404, { code: 'not_found', message: 'Cart not found.' });
    if (method === 'DELETE') {
      api.cart = null;
      return new Response(null, { status: 204 });
    }
    const { cart, version } = body as { cart: CartLine[]; version?: number };
    if (version !== undefined && version !== api.cart.version) {
      return json(409, {
        code: 'cart_changed',
        message: 'Your bag was changed on another device.',
        cart: api.cart,
      });
    }
    return save(cart);
  }

  vi.stubGlobal('fetch', api.fetch);
  return api;
}

export const errorResponse = (status: number, message: string) =>
  new Response(JSON.stringify({ code: 'internal', message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
