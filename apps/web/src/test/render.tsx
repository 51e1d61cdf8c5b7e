import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Configuration, Inventory, Product } from '@sunward/core/schemas';
import { DESIGNS } from '@sunward/core/designs';
import { Toaster } from '@/shared/toast/toaster.tsx';
import { createConfiguration, createInventory, createProduct } from './factories.ts';

export interface FakeApi {
  products?: Product[];
  inventory?: Inventory;
  configuration?: Configuration;
}

/** Answers the storefront's GET calls from memory; anything else is a 404. Returns the mock. */
export function mockApi(api: FakeApi = {}) {
  const products = api.products ?? [createProduct()];
  const routes: Record<string, unknown> = {
    '/api/products': products,
    '/api/designs': DESIGNS,
    '/api/configuration': api.configuration ?? createConfiguration(),
  };
  for (const p of products) {
    routes[`/api/products/${p.id}`] = p;
    routes[`/api/inventory/${p.id}`] = api.inventory ?? createInventory();
  }
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const body = routes[url];
    return body === undefined
      ? new Response(JSON.stringify({ message: `Not found: ${url}` }), { status: 404 })
      : new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Renders inside a fresh query client and a memory router at `route` (with navigation `state` when
 * given), with the toaster.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', state }: { route?: string; state?: unknown } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[state === undefined ? route : { pathname: route, state }]}>
          {ui}
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}
