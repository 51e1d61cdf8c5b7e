/** Test helpers for the checkout: a fake API behind fetch, a bag, and a render with providers. */
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { CartLine } from '@sunward/core/cart';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { createConfiguration } from '@/test/factories.ts';

export const PRODUCT_ID = 'prod_test_shirt';

export function bagLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    id: `line-${Math.random()}`,
    productId: PRODUCT_ID,
    itemId: Math.floor(Math.random() * 1e9),
    priceId: 'price_test',
    quantity: 1,
    productCost: 4500,
    size: 'mdr',
    position: 'Front',
    design: 'alaska',
    ...overrides,
  };
}

export function setBag(lines: CartLine[]): void {
  useBagStore.setState({ lines });
}

type Handler = (body: unknown, url: string) => { status?: number; json: unknown };

/** Routes by "METHOD /path-prefix"; unknown calls answer 404. Returns the spy to inspect calls. */
export function fakeApi(overrides: Record<string, Handler> = {}) {
  const routes: Record<string, Handler> = {
    'GET /api/configuration': () => ({ json: createConfiguration() }),
    'GET /api/products': () => ({
      json: [
        {
          id: PRODUCT_ID,
          object: 'product',
          active: true,
          name: 'Shirt',
          description: '',
          default_price: 'price_test',
          images: [],
          metadata: { category: 'Sun Shirts' },
          prices: [{ id: 'price_test', unit_amount: 4500, currency: 'usd' }],
        },
      ],
    }),
    'POST /api/orders/create-pi-guest': (body) => {
      const cart = (body as { cart: CartLine[] }).cart;
      const subtotal = cart.reduce((s, l) => s + 4500 * l.quantity, 0);
      return {
        json: {
          clientSecret: 'pi_1_secret_x',
          paymentIntentId: 'pi_1',
          provider: 'sandbox',
          subtotal,
          amount: subtotal,
        },
      };
    },
    'GET /api/usps/address-check/': (_b, url) => {
      const a = JSON.parse(decodeURIComponent(url.split('/address-check/')[1]!)) as {
        line1: string;
        city: string;
        state: string;
        postal_code: string;
      };
      return {
        json: {
          streetAddress: a.line1.toUpperCase(),
          secondaryAddress: '',
          city: a.city.toUpperCase(),
          state: a.state,
          ZIPCode: a.postal_code,
        },
      };
    },
    'POST /api/usps/prices/': () => ({
      json: { ground: { totalBasePrice: 770 }, priority: { totalBasePrice: 990 }, weightOz: 12 },
    }),
    'POST /api/orders/update-pi': () => ({
      json: { subtotal: 9000, shipping: 770, salesTax: 464, total: 10234 },
    }),
    ...overrides,
  };
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const key = Object.keys(routes)
      .filter((k) => {
        const [m, prefix] = k.split(' ');
        return m === method && url.startsWith(prefix!);
      })
      .sort((a, b) => b.length - a.length)[0];
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const answer = key ? routes[key]!(body, url) : { status: 404, json: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** The calls made to a path prefix: method, URL and Authorization header. */
export function requestsTo(spy: ReturnType<typeof fakeApi>, prefix: string) {
  return spy.mock.calls
    .filter(([url]) => String(url).startsWith(prefix))
    .map(([url, init]) => ({
      method: init?.method ?? 'GET',
      url: String(url),
      authorization: new Headers(init?.headers).get('authorization'),
    }));
}

/** The calls made to a path prefix, with their JSON bodies. */
export function callsTo(spy: ReturnType<typeof fakeApi>, prefix: string) {
  return spy.mock.calls
    .filter(([url]) => String(url).startsWith(prefix))
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined));
}

export function renderWithProviders(ui: ReactElement, route = '/checkout') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const address = {
  line1: '600 E Trade St',
  line2: '',
  city: 'Charlotte',
  state: 'NC',
  postal_code: '28202',
  country: 'US',
};
/** An order as POST /api/orders answers it, with the given sales tax. */
export const orderView = (salesTax: number) => ({
  orderNumber: 'ABC123',
  status: 'pending',
  createdAt: '2025-06-01T12:00:00Z',
  updatedAt: '2025-06-01T12:00:00Z',
  tracking: null,
  products: [
    {
      productId: 'p',
      design: 'alaska',
      size: 'mdr',
      position: 'Front',
      quantity: 2,
      productCost: 4500,
    },
  ],
  returns: [],
  shipping: { name: 'Ada Lovelace', address },
  shippingOption: 'ground',
  billing: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: null,
    address,
    card: { brand: 'visa', last4: '4242' },
  },
  subTotal: 9000,
  shippingRate: 770,
  salesTax,
  total: 9770 + salesTax,
});
