import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { createOrder, createReturnItem, createReturnRecord } from '@/test/factories.ts';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { FREE_RETURN_NOTE, ReturnsModal } from './returns-modal.tsx';

const LABEL_URL = '/api/returns/labels/tok_abc.pdf';

/** Two returns: the first (free) refunds one unit and exchanges another; the second pays the fee. */
function orderWithReturns(overrides: Partial<Order> = {}): Order {
  return createOrder({
    status: 'return',
    returns: [
      createReturnRecord({
        id: 'ret_first',
        createdAt: new Date(2026, 4, 2, 12).toISOString(),
        products: [
          createReturnItem({
            itemId: 11,
            design: 'key-west',
            size: 'xxlr',
            position: 'Back',
            returnType: 'Refund',
            returnReason: 'too-long',
          }),
          createReturnItem({
            itemId: 12,
            design: 'alaska',
            size: 'mds',
            position: 'Front',
            returnType: 'Exchange',
            returnReason: 'too-tight',
            sizeExchange: 'lgs',
            positionExchange: 'Back',
          }),
          createReturnItem({ itemId: 13, design: 'sky-ridge', size: 'mdr', returnType: 'Keep' }),
        ],
        totalSalesTaxRefund: 232,
        shippingFee: 0,
        refundAmount: 4732,
        returnLabel: LABEL_URL,
      }),
      createReturnRecord({
        id: 'ret_second',
        createdAt: new Date(2026, 4, 6, 12).toISOString(),
        products: [
          createReturnItem({
            itemId: 13,
            design: 'sky-ridge',
            size: 'mdr',
            returnType: 'Refund',
            returnReason: 'too-short',
          }),
        ],
        totalSalesTaxRefund: 232,
        shippingFee: 770,
        refundAmount: 3962,
        returnLabel: null,
      }),
    ],
    ...overrides,
  });
}

function renderModal(order: Order, label: () => Answer | Promise<Answer> = () => ({})) {
  const api = fakeApi({
    'GET /api/orders/downloadReturnLabel/': label,
    [`GET ${LABEL_URL}`]: () => ({ status: 200 }),
  });
  renderWithProviders(<ReturnsModal order={order} open onClose={() => undefined} />);
  const dialog = screen.getByRole('dialog', { name: `Returns for ${order.orderNumber}` });
  return { api, dialog };
}

const figure = (scope: HTMLElement, term: string) =>
  within(scope).queryByText(term, { selector: 'dt' })?.nextSibling?.textContent ?? null;

const returnCard = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('region', { name });

/** A stand-in for the tab window.open gives (jsdom opens none). */
function stubTabs(blocked = false) {
  const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.fn((..._args: unknown[]) => (blocked ? null : tab));
  vi.stubGlobal('open', open);
  return { tab, open };
}

describe('returns modal (spec 2)', () => {
  it("lists each return's items, date, tax refund, fee and refund, the total and the note", () => {
    const { dialog } = renderModal(orderWithReturns());
    const first = returnCard(dialog, 'Return 1');
    const items = within(
      within(first).getByRole('list', { name: 'Items of Return 1' }),
    ).getAllByRole('listitem');
    // Kept units are not part of what was sent back.
    expect(items.map((li) => li.textContent)).toEqual([
      'Key WestXXL R · BackRefund · Too long$45.00',
      'AlaskaMD S · FrontExchange for LG S · Back · Too tight',
    ]);
    expect(
      within(items[0]!).getByRole('img', {
        name: 'Key West sun shirt, back view with the print on the back',
      }),
    ).toBeTruthy();
    expect(figure(first, 'Return Date')).toBe('05/02/2026');
    expect(figure(first, 'Sales Tax Refund')).toBe('$2.32');
    expect(figure(first, 'Return Shipping Fee')).toBe('$0.00');
    expect(figure(first, 'Refund Amount')).toBe('$47.32');

    const second = returnCard(dialog, 'Return 2');
    expect(figure(second, 'Return Date')).toBe('05/06/2026');
    expect(figure(second, 'Return Shipping Fee')).toBe('-$7.70');
    expect(figure(second, 'Refund Amount')).toBe('$39.62');

    expect(figure(dialog, 'Total Refund')).toBe('$86.94');
    expect(within(dialog).getByText(FREE_RETURN_NOTE)).toBeTruthy();
    expect(FREE_RETURN_NOTE).toBe(
      '1 Free Return Per Order. One free return allowed per order. Additional returns are subject to a shipping fee.',
    );
    expect(within(dialog).getAllByRole('button', { name: /^Return Label/ })).toHaveLength(2);
  });

  it("each return's lines add up to its refund amount: unit prices, tax refund, the fee deducted", () => {
    const { dialog } = renderModal(orderWithReturns());
    const shown = (name: string) => {
      const card = returnCard(dialog, name);
      const items = within(within(card).getByRole('list', { name: `Items of ${name}` }));
      return {
        lines: [
          ...items
            .getAllByRole('listitem')
            .flatMap((li) => /-?\$[\d,]+\.\d\d$/.exec(li.textContent ?? '') ?? []),
          figure(card, 'Sales Tax Refund'),
          figure(card, 'Return Shipping Fee'),
        ],
        total: figure(card, 'Refund Amount'),
      };
    };
    // The exchanged unit refunds nothing and shows no amount.
    expect(shown('Return 1')).toEqual({ lines: ['$45.00', '$2.32', '$0.00'], total: '$47.32' });
    expect(shown('Return 2')).toEqual({ lines: ['$45.00', '$2.32', '-$7.70'], total: '$39.62' });
  });

  it('hides Return Label once the order is past its window (judged from updatedAt)', () => {
    const { dialog } = renderModal(
      orderWithReturns({ createdAt: '2025-06-01T15:00:00Z', updatedAt: '2025-06-05T15:00:00Z' }),
    );
    expect(within(dialog).queryByRole('button', { name: /Return Label/ })).toBeNull();
    expect(figure(dialog, 'Total Refund')).toBe('$86.94');
  });

  it('says so when there is no return yet, with the note', () => {
    const { dialog } = renderModal(createOrder({ status: 'return' }));
    expect(within(dialog).getByText('There are no returns for this order yet.')).toBeTruthy();
    expect(within(dialog).getByText(FREE_RETURN_NOTE)).toBeTruthy();
    expect(figure(dialog, 'Total Refund')).toBeNull();
  });
});

describe('Return Label (spec 2 and 7)', () => {
  it('asks for the label of that return, checks its URL with a GET, and opens it in the new tab', async () => {
    const { tab, open } = stubTabs();
    const held = deferred<Answer>();
    const { api, dialog } = renderModal(orderWithReturns(), () => held.promise);
    await userEvent.click(
      within(returnCard(dialog, 'Return 2')).getByRole('button', {
        name: 'Return Label for Return 2',
      }),
    );
    // The tab opens at the click (no pop-up blocker stops it), the button is busy meanwhile.
    expect(open).toHaveBeenCalledWith('', '_blank');
    const busy = within(returnCard(dialog, 'Return 2')).getByRole('button', {
      name: 'Return Label for Return 2',
    });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.textContent).toBe('Opening…');
    held.resolve({ json: { url: LABEL_URL } });
    await waitFor(() => expect(tab.location.href).toBe(LABEL_URL));
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
    expect(callsTo(api, 'GET', '/api/orders/downloadReturnLabel/').map((c) => c.url)).toEqual([
      '/api/orders/downloadReturnLabel/ret_second',
    ]);
    expect(callsTo(api, 'GET', LABEL_URL)).toHaveLength(1);
    await waitFor(() => expect(busy.textContent).toBe('Return Label'));
    expect(document.querySelector('.toast')).toBeNull();
  });

  it('opens the label without a tab kept ready when the browser gave none', async () => {
    const { open } = stubTabs(true);
    const { dialog } = renderModal(orderWithReturns(), () => ({ json: { url: LABEL_URL } }));
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Return Label for Return 1' }),
    );
    await waitFor(() => expect(open).toHaveBeenCalledWith(LABEL_URL, '_blank', 'noopener'));
  });

  it.each<[string, Answer, string]>([
    [
      'no label yet (404)',
      { status: 404, json: { code: 'not_found', message: "Couldn't find return label." } },
      "Couldn't find return label.",
    ],
    [
      'a server failure',
      { status: 500, json: { code: 'internal', message: 'Something went wrong on our side.' } },
      'Something went wrong on our side.',
    ],
  ])("toasts the server's message for %s and closes the tab", async (_, answer, message) => {
    const { tab } = stubTabs();
    const { dialog } = renderModal(orderWithReturns(), () => answer);
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Return Label for Return 1' }),
    );
    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it("toasts 'Couldn't find return label.' when the label's URL does not answer", async () => {
    const { tab } = stubTabs();
    const api = fakeApi({
      'GET /api/orders/downloadReturnLabel/': () => ({
        json: { url: '/api/returns/labels/gone.pdf' },
      }),
    });
    const order = orderWithReturns();
    renderWithProviders(<ReturnsModal order={order} open onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Return Label for Return 1' }));
    expect(await screen.findByText("Couldn't find return label.")).toBeTruthy();
    expect(callsTo(api, 'GET', '/api/returns/labels/gone.pdf')).toHaveLength(1);
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});
