import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { STORED_USER_PREFIX } from '@/shared/auth/auth-store.ts';
import { PageNotice } from '@/shared/ui/page-notice.tsx';
import { paths } from '@/shared/paths.ts';
import { createOrder, fakeApi } from '@/features/returns/test/returns-test-utils.tsx';
import { renderWithProviders } from '@/test/render.tsx';
import ReturnConfirmationPage from './return-confirmation-page.tsx';
import ReturnPage from './return-page.tsx';

/** The page at `route` with `state`, and where it sends the shopper: a page showing its notice. */
function renderAt(route: string, Page: () => React.ReactNode, state: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Landing = ({ name }: { name: string }) => (
    <main aria-label={name}>
      <PageNotice />
    </main>
  );
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[state === undefined ? route : { pathname: route, state }]}>
        <Routes>
          <Route path={route} element={<Page />} />
          <Route path={paths.orderLookup.href()} element={<Landing name="Order lookup" />} />
          <Route path={paths.account.href()} element={<Landing name="Account" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * The pages read their navigation state (spec 2); opened without an order in it (a reload, a shared
 * link), they send the shopper to find the order, saying why (issue 30).
 */
describe.each([
  ['/return', ReturnPage, 'Start a Return', /A return starts from its order/],
  [
    '/return/confirmation',
    ReturnConfirmationPage,
    'Return Confirmation',
    /Your return is listed with its order/,
  ],
])('%s', (route, Page, heading, why) => {
  afterEach(() => localStorage.clear());

  it.each([
    ['no state', undefined],
    ['a state without an order', { email: 'riley@example.com' }],
    ['a state whose order is not an order', { order: { orderNumber: 'RET1' } }],
  ])('sends a guest to the order lookup with %s, saying why', async (_, state) => {
    const api = fakeApi();
    renderAt(route, Page, state);
    const landing = await screen.findByRole('main', { name: 'Order lookup' });
    expect(landing.querySelector('[role="status"]')?.textContent).toMatch(why);
    expect(landing.textContent).toMatch(/find your order here/);
    await act(async () => undefined);
    // Nothing about an order is asked (the frame's title reads the shop's configuration).
    const asked = api.mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => !url.endsWith('/api/configuration'))).toEqual([]);
  });

  it('sends a shopper signed in on this device to the account’s order history', async () => {
    localStorage.setItem(`${STORED_USER_PREFIX}issuer:client`, '{}');
    fakeApi();
    renderAt(route, Page, undefined);
    const landing = await screen.findByRole('main', { name: 'Account' });
    expect(landing.textContent).toMatch(why);
    expect(landing.textContent).toMatch(/find the order in your order history/);
  });

  it('renders the page for the order in its state', () => {
    const order = createOrder();
    fakeApi({ 'POST /api/orders/lookup': () => ({ json: order }) });
    renderWithProviders(<Page />, { route, state: { order, email: 'riley@example.com' } });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByText(order.orderNumber)).toBeTruthy();
  });
});

describe('the route table', () => {
  it('registers both pages in the shop', async () => {
    const { matchPage } = await import('../pages.ts');
    expect(matchPage(paths.return.href())?.area.name).toBe('shop');
    expect(matchPage(paths.returnConfirmation.href())?.area.name).toBe('shop');
    const returnModule = await matchPage(paths.return.href())!.page.load();
    const confirmationModule = await matchPage(paths.returnConfirmation.href())!.page.load();
    expect(returnModule.default).toBe(ReturnPage);
    expect(confirmationModule.default).toBe(ReturnConfirmationPage);
  });
});
