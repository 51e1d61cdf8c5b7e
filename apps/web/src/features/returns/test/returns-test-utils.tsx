/** Test helpers for the return pages: orders, a signed-in shopper, and a fake API behind fetch. */
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import type { Order, OrderProductSchema } from '@sunward/core/checkout-schemas';
import type { z } from 'zod';
import { useAuthStore, type AuthUser } from '@/shared/auth/auth-store.ts';
import { paths } from '@/shared/paths.ts';
import { createInventory } from '@/test/factories.ts';
import { fakeApi as sharedFakeApi } from '@/test/fake-api.ts';
import { Landing } from '@/test/landing.tsx';
import { renderWithProviders } from '@/test/render.tsx';

export const TOKEN = 'access-token-1';
export const SHIRT = 'prod_test_shirt';

/** Signs a shopper in (the auth store as the library leaves it). */
export function signIn(user: Partial<AuthUser> = {}) {
  useAuthStore.setState({
    status: 'signedIn',
    user: {
      sub: 'usr_riley',
      name: 'Riley Shore',
      email: 'riley@example.com',
      emailVerified: true,
      ...user,
    },
    actions: {
      signIn: vi.fn(async () => undefined),
      signOut: vi.fn(async () => undefined),
      refresh: vi.fn(async () => undefined),
      accessToken: vi.fn(async () => TOKEN),
      renew: vi.fn(async () => null),
      forget: vi.fn(async () => undefined),
    },
  });
}

type Line = z.infer<typeof OrderProductSchema>;
export const line = (overrides: Partial<Line> = {}): Line => ({
  productId: SHIRT,
  design: 'alaska',
  size: 'mdr',
  position: 'Front',
  quantity: 1,
  productCost: 4500,
  ...overrides,
});

const address = (line1: string) => ({
  line1,
  line2: '',
  city: 'Charlotte',
  state: 'NC',
  postal_code: '28202',
  country: 'US',
});

let nextOrder = 1;
/**
 * A completed order (core OrderSchema): by default 3 units at $45.00 (a line of 2 Alaska MD - Regular
 * Front, then 1 Sky Ridge LG - Short Back), ground shipping $7.70, sales tax $6.41.
 */
export function createOrder(overrides: Partial<Order> = {}): Order {
  const now = new Date().toISOString();
  return {
    orderNumber: `RET${String(nextOrder++).padStart(7, '0')}`,
    status: 'completed',
    createdAt: now,
    updatedAt: now,
    tracking: '9400100000000000000001',
    carrier: 'usps',
    salesTaxRate: null,
    trackingEvents: [],
    deliveredAt: null,
    products: [line({ quantity: 2 }), line({ design: 'sky-ridge', size: 'lgs', position: 'Back' })],
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
    subTotal: 13500,
    shippingRate: 770,
    salesTax: 641,
    total: 14911,
    ...overrides,
  };
}

/**
 * The shared fake API (test/fake-api.ts) with what the return pages ask besides: the shirt's inventory
 * and the ground price a later return pays for the units sent back (zone 1: $6.20).
 */
export function fakeApi(routes: Parameters<typeof sharedFakeApi>[0] = {}) {
  return sharedFakeApi({
    [`GET /api/inventory/${SHIRT}`]: () => ({ json: createInventory() }),
    'POST /api/usps/prices/': () => ({
      json: { ground: { totalBasePrice: 620 }, priority: { totalBasePrice: 990 }, weightOz: 6 },
    }),
    ...routes,
  });
}

export { callsTo, deferred, type Answer } from '@/test/fake-api.ts';

/** Renders `ui` at `path` with navigation state `state`; any other path shows where it landed. */
export function renderAt(path: string, ui: ReactElement, state?: unknown) {
  return renderWithProviders(
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={<Landing />} />
    </Routes>,
    { route: path, state },
  );
}

export const returnPath = paths.return.pattern;
export const confirmationPath = paths.returnConfirmation.pattern;

/** The row of a unit on the return form, by its checkbox's name. */
export function unitRow(name: string): HTMLElement {
  return screen.getByRole('checkbox', { name }).closest('li')!;
}

/** The amount of a figure in `container`: the <dd> after the <dt> with the exact term. */
export function figure(term: string, container: HTMLElement = document.body): string | null {
  return (
    within(container).queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent ?? null
  );
}
