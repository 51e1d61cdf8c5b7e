import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/shared/paths.ts';
import { createOrder, fakeApi } from '@/features/returns/test/returns-test-utils.tsx';
import { renderWithProviders } from '@/test/render.tsx';
import ReturnConfirmationPage from './return-confirmation-page.tsx';
import ReturnPage from './return-page.tsx';

/** What the page rendered, the toaster (always there, on document.body) left out. */
const pageContent = (container: HTMLElement) => container.innerHTML;

/** The pages read their navigation state (spec 2): without an order in it nothing renders. */
describe.each([
  ['/return', ReturnPage, 'Start a Return'],
  ['/return/confirmation', ReturnConfirmationPage, 'Return Confirmation'],
])('%s', (route, Page, heading) => {
  it.each([
    ['no state', undefined],
    ['a state without an order', { email: 'riley@example.com' }],
    ['a state whose order is not an order', { order: { orderNumber: 'RET1' } }],
  ])('renders nothing with %s', async (_, state) => {
    const api = fakeApi();
    const { container } = renderWithProviders(<Page />, { route, state });
    expect(pageContent(container)).toBe('');
    await act(async () => undefined);
    expect(api).not.toHaveBeenCalled();
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
