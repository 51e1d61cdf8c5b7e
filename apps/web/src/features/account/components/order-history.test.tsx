import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import {
  callsTo,
  createOrder,
  createUser,
  deferred,
  fakeApi,
  renderAccount,
  signIn,
  signOutOfStore,
  TOKEN,
  type Answer,
} from '../test/account-test-utils.tsx';
import { OrderHistory } from './order-history.tsx';
import { createReturnItem, createReturnRecord } from '@/test/factories.ts';

const USER = createUser({ sub: 'auth0|riley' });
const ORDERS_URL = `/api/customers/${encodeURIComponent(USER.sub)}/orders`;
const DAY = 86_400_000;

function renderHistory(pages: Order[][] | ((url: string) => Answer)) {
  const api = fakeApi({
    [`GET ${ORDERS_URL}`]: ({ url }) => {
      if (typeof pages === 'function') return pages(url);
      const cursor = new URL(url, 'http://shop.test').searchParams.get('cursor');
      const index = cursor ? Number(cursor.replace('page-', '')) : 0;
      const next = index + 1 < pages.length ? `page-${index + 1}` : null;
      return { json: { orders: pages[index] ?? [], nextCursor: next } };
    },
  });
  signIn(USER);
  renderAccount(<OrderHistory userId={USER.sub} />);
  return api;
}

/** The row of an order: the group of its buttons is named after it. */
const rowOf = (orderNumber: string) =>
  screen.getByRole('group', { name: `Order ${orderNumber}` }).closest('li')!;
const buttonsOf = (orderNumber: string) => {
  const group = screen.getByRole('group', { name: `Order ${orderNumber}` });
  return [...within(group).queryAllByRole('button'), ...within(group).queryAllByRole('link')]
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((el) => el.textContent);
};

afterEach(signOutOfStore);

describe('order history (spec 2)', () => {
  it('asks for the first page with the bearer token and lists Order #, Status and Date', async () => {
    const created = new Date(2026, 2, 7, 9, 30).toISOString();
    const first = createOrder({ status: 'in-progress', createdAt: created });
    const second = createOrder({ status: 'pending' });
    const api = renderHistory([[first, second]]);
    await screen.findByText(first.orderNumber);
    const [call] = callsTo(api, 'GET', ORDERS_URL);
    expect(call!.url).toBe(`${ORDERS_URL}?limit=20`);
    expect(call!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);

    const row = rowOf(first.orderNumber);
    expect(within(row).getByText('Order #')).toBeTruthy();
    expect(within(row).getByText('in progress')).toBeTruthy();
    expect(within(row).getByText('03/07/2026')).toBeTruthy();
    // Newest first, as the server sends them.
    const numbers = screen
      .getAllByRole('listitem')
      .map((li) => within(li).queryByText(/^ORD/)?.textContent);
    expect(numbers).toEqual([first.orderNumber, second.orderNumber]);
  });

  const now = Date.now();
  it.each<[string, Partial<Order>, string[]]>([
    ['pending', {}, ['Support', 'View Details', 'Cancel Order']],
    ['in-progress', {}, ['Support', 'View Details']],
    [
      'shipped',
      { tracking: '9400111899223100000000' },
      ['Support', 'View Details', 'Track Package'],
    ],
    ['shipped', { tracking: null }, ['Support', 'View Details']],
    ['completed', {}, ['Support', 'View Details', 'Create Return', 'Write a review']],
    ['cancelled', {}, ['Support', 'View Details']],
    ['return', {}, ['Support', 'View Details', 'Create Return', 'Write a review', 'View Returns']],
    ['refund', {}, ['Support', 'View Details', 'View Returns']],
    // Past the 15-day window (judged from updatedAt; bought outside the holidays): no Create Return.
    [
      'completed',
      { createdAt: '2025-06-01T15:00:00Z', updatedAt: '2025-06-05T15:00:00Z' },
      ['Support', 'View Details', 'Write a review'],
    ],
    // The latest return kept nothing: nothing left to return.
    [
      'return',
      {
        returns: [
          createReturnRecord({
            createdAt: new Date(now - DAY).toISOString(),
            products: [createReturnItem({ returnType: 'Refund' })],
          }),
        ],
      },
      ['Support', 'View Details', 'Write a review', 'View Returns'],
    ],
  ])('status %s %j: %j', async (status, overrides, expected) => {
    const order = createOrder({ status, ...overrides });
    renderHistory([[order]]);
    await screen.findByText(order.orderNumber);
    expect(buttonsOf(order.orderNumber)).toEqual(expected);
  });

  it('links Track Package to the USPS tracking page in a new tab', async () => {
    const order = createOrder({ status: 'shipped', tracking: '9400 1118' });
    renderHistory([[order]]);
    const link = await screen.findByRole('link', { name: 'Track Package' });
    expect(link.getAttribute('href')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201118',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it("fetches the next page with the cursor on 'Show more orders', until there is none", async () => {
    const page1 = [createOrder(), createOrder()];
    const page2 = [createOrder({ status: 'completed' })];
    const api = renderHistory([page1, page2]);
    await screen.findByText(page1[0]!.orderNumber);
    expect(screen.queryByText(page2[0]!.orderNumber)).toBeNull();
    // Pressed twice in one go: one request.
    fireEvent.click(screen.getByRole('button', { name: 'Show more orders' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show more orders' }));
    await screen.findByText(page2[0]!.orderNumber);
    expect(callsTo(api, 'GET', ORDERS_URL).map((c) => c.url)).toEqual([
      `${ORDERS_URL}?limit=20`,
      `${ORDERS_URL}?limit=20&cursor=page-1`,
    ]);
    expect(screen.getAllByRole('group')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
  });

  it("shows 'No Orders Yet' with Browse Designs when there are none", async () => {
    renderHistory([[]]);
    expect(await screen.findByRole('heading', { name: 'No Orders Yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Designs' }).getAttribute('href')).toBe(
      '/designs',
    );
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
  });

  it('shows loading, then a failure with Try again, which asks again', async () => {
    const order = createOrder();
    let fail = true;
    renderHistory(() =>
      fail
        ? { status: 500, json: { code: 'internal', message: 'The server is having a moment.' } }
        : { json: { orders: [order], nextCursor: null } },
    );
    expect(screen.getByText('Loading your orders…')).toBeTruthy();
    expect(await screen.findByText('We could not load your orders.')).toBeTruthy();
    expect(screen.getByText('The server is having a moment.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(order.orderNumber)).toBeTruthy();
    expect(screen.queryByText('We could not load your orders.')).toBeNull();
  });

  it('goes to Support with the order number and /account as the previous URL', async () => {
    const order = createOrder({ status: 'shipped' });
    renderHistory([[order]]);
    await screen.findByText(order.orderNumber);
    await userEvent.click(screen.getByRole('button', { name: 'Support' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /support' })).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({
      orderNumber: order.orderNumber,
      previousUrl: '/account',
    });
  });

  it('goes to /return with the order on Create Return', async () => {
    const order = createOrder({ status: 'completed' });
    renderHistory([[order]]);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Return' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /return' })).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({ order });
  });

  it('View Returns lists the returns, or says there are none yet', async () => {
    const withReturn = createOrder({
      status: 'refund',
      returns: [
        createReturnRecord({
          createdAt: new Date(2026, 4, 2, 12).toISOString(),
          products: [
            createReturnItem({
              design: 'key-west',
              size: 'xxlr',
              position: 'Back',
              returnType: 'Refund',
            }),
            createReturnItem({ design: 'alaska', size: 'mds', position: 'Front' }),
          ],
          totalSalesTaxRefund: 232,
          shippingFee: 0,
          refundAmount: 4732,
        }),
      ],
    });
    const without = createOrder({ status: 'return' });
    renderHistory([[withReturn, without]]);
    await screen.findByText(withReturn.orderNumber);

    await userEvent.click(
      within(rowOf(withReturn.orderNumber)).getByRole('button', { name: 'View Returns' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `Returns for ${withReturn.orderNumber}`,
    });
    expect(within(dialog).getByRole('heading', { name: 'Return 1' })).toBeTruthy();
    expect(within(dialog).getByText('Return Date').nextSibling?.textContent).toBe('05/02/2026');
    expect(dialog.textContent).toContain('Key West');
    expect(dialog.textContent).not.toContain('Alaska');
    expect(within(dialog).getByText('Refund Amount').nextSibling?.textContent).toBe('$47.32');
    expect(within(dialog).getByText('Total Refund').nextSibling?.textContent).toBe('$47.32');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(
      within(rowOf(without.orderNumber)).getByRole('button', { name: 'View Returns' }),
    );
    const empty = await screen.findByRole('dialog', { name: `Returns for ${without.orderNumber}` });
    expect(within(empty).getByText('There are no returns for this order yet.')).toBeTruthy();
  });
});

describe('order detail modal (spec 2)', () => {
  const figure = (dialog: HTMLElement, term: string) =>
    within(dialog).queryByText(term, { selector: 'dt' })?.nextSibling?.textContent ?? null;

  it('shows the addresses, billing, products, card and figures', async () => {
    const order = createOrder({
      products: [
        {
          productId: 'p',
          design: 'key-west',
          size: 'xxlr',
          position: 'Back',
          quantity: 1,
          productCost: 4500,
        },
        {
          productId: 'p',
          design: 'alaska',
          size: 'mds',
          position: 'Front',
          quantity: 2,
          productCost: 4250,
        },
      ],
      subTotal: 13000,
      shippingRate: 0,
      salesTax: 949,
      total: 13949,
      billing: {
        ...createOrder().billing,
        name: 'Sam Payer',
        email: 'sam@example.com',
        card: { brand: 'mastercard', last4: '4444' },
      },
    });
    renderHistory([[order]]);
    await userEvent.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: order.orderNumber });

    const shipping = within(dialog).getByRole('region', { name: 'Shipping Address' });
    expect(shipping.textContent).toContain('Riley Shore');
    expect(shipping.textContent).toContain('600 E Trade St');
    expect(shipping.textContent).toContain('Charlotte, NC 28202');
    const billing = within(dialog).getByRole('region', { name: 'Billing Details' });
    expect(billing.textContent).toContain('Sam Payer');
    expect(billing.textContent).toContain('sam@example.com');
    expect(billing.textContent).toContain('100 N Tryon St');
    expect(within(dialog).getByText('Mastercard ending in 4444')).toBeTruthy();

    const table = within(dialog).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Design', 'Price', 'Size', 'Position', 'Qty']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) =>
        within(tr)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(rows).toEqual([
      ['Key West', '$45.00', 'XXL R', 'Back', '1'],
      ['Alaska', '$42.50', 'MD S', 'Front', '2'],
    ]);
    expect(within(table).getByText('S').getAttribute('title')).toBe('MD - Short');

    expect(figure(dialog, 'Subtotal')).toBe('$130.00');
    expect(figure(dialog, 'Shipping')).toBe('Free');
    expect(figure(dialog, 'Sales Tax')).toBe('$9.49');
    expect(figure(dialog, 'Total')).toBe('$139.49');
  });

  it('hides Sales Tax at 0', async () => {
    const order = createOrder({ salesTax: 0, total: 9770 });
    renderHistory([[order]]);
    await userEvent.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: order.orderNumber });
    expect(figure(dialog, 'Sales Tax')).toBeNull();
    expect(figure(dialog, 'Total')).toBe('$97.70');
  });
});

describe('Cancel Order (spec 2 and 4)', () => {
  it("asks 'Are you sure?', then cancels: the row shows cancelled, with a success toast", async () => {
    const order = createOrder();
    const other = createOrder();
    const api = fakeApi({
      [`GET ${ORDERS_URL}`]: () => ({ json: { orders: [order, other], nextCursor: null } }),
      'POST /api/orders/cancel': () => ({ json: { ...order, status: 'cancelled' } }),
    });
    signIn(USER);
    renderAccount(<OrderHistory userId={USER.sub} />);
    await screen.findByText(order.orderNumber);

    await userEvent.click(
      within(rowOf(order.orderNumber)).getByRole('button', { name: 'Cancel Order' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    // Focus starts on the button that changes nothing.
    expect(document.activeElement?.textContent).toBe('Keep Order');
    expect(callsTo(api, 'POST', '/api/orders/cancel')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Order' }));

    expect(await within(rowOf(order.orderNumber)).findByText('cancelled')).toBeTruthy();
    expect(
      within(rowOf(order.orderNumber)).queryByRole('button', { name: 'Cancel Order' }),
    ).toBeNull();
    expect(within(rowOf(other.orderNumber)).getByText('pending')).toBeTruthy();
    expect(
      screen.getByText(`Order ${order.orderNumber} is cancelled. Your refund is on its way.`),
    ).toBeTruthy();
    const [call] = callsTo(api, 'POST', '/api/orders/cancel');
    expect(call!.body).toEqual({ orderNumber: order.orderNumber });
    expect(call!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The opener is gone: focus goes on from the row's View Details.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(rowOf(order.orderNumber)).getByRole('button', { name: 'View Details' }),
      ),
    );
    // Only the one list request: the row changed from the cancel's answer.
    expect(callsTo(api, 'GET', ORDERS_URL)).toHaveLength(1);
  });

  it("keeps the row and toasts the server's message when the cancel fails", async () => {
    const order = createOrder();
    fakeApi({
      [`GET ${ORDERS_URL}`]: () => ({ json: { orders: [order], nextCursor: null } }),
      'POST /api/orders/cancel': () => ({
        status: 502,
        json: {
          code: 'refund_failed',
          message: 'The card provider did not refund. Please try again.',
        },
      }),
    });
    signIn(USER);
    renderAccount(<OrderHistory userId={USER.sub} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Cancel Order' }));
    expect(
      await screen.findByText('The card provider did not refund. Please try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The card provider did not refund.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = rowOf(order.orderNumber);
    expect(within(row).getByText('pending')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Cancel Order' })).toBeTruthy();
    // Focus is back on the button that opened the dialog.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(row).getByRole('button', { name: 'Cancel Order' }),
      ),
    );
  });

  it('reads the history again when the shop has moved the order on (409 not_cancellable)', async () => {
    const order = createOrder();
    let status = 'pending';
    const api = fakeApi({
      [`GET ${ORDERS_URL}`]: () => ({ json: { orders: [{ ...order, status }], nextCursor: null } }),
      'POST /api/orders/cancel': () => {
        status = 'in-progress';
        return {
          status: 409,
          json: {
            code: 'not_cancellable',
            message: 'This order is in progress and can no longer be cancelled.',
          },
        };
      },
    });
    signIn(USER);
    renderAccount(<OrderHistory userId={USER.sub} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Cancel Order' }));
    expect(
      await screen.findByText('This order is in progress and can no longer be cancelled.'),
    ).toBeTruthy();
    expect(await within(rowOf(order.orderNumber)).findByText('in progress')).toBeTruthy();
    expect(callsTo(api, 'GET', ORDERS_URL)).toHaveLength(2);
  });

  it('sends one request however often the confirm button is pressed, and shows it is busy', async () => {
    const order = createOrder();
    const answer = deferred<Answer>();
    const api = fakeApi({
      [`GET ${ORDERS_URL}`]: () => ({ json: { orders: [order], nextCursor: null } }),
      'POST /api/orders/cancel': () => answer.promise,
    });
    signIn(USER);
    renderAccount(<OrderHistory userId={USER.sub} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const confirm = await screen.findByRole('button', { name: 'Yes, Cancel Order' });
    // Two clicks in one go (before the busy state renders), then more once it has.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await userEvent.dblClick(confirm);
    const busy = await screen.findByRole('button', { name: 'Cancelling…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    // Escape does not close the dialog while the cancel is under way.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toBeTruthy();
    await act(async () => answer.resolve({ json: { ...order, status: 'cancelled' } }));
    expect(await within(rowOf(order.orderNumber)).findByText('cancelled')).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/orders/cancel')).toHaveLength(1);
  });

  it('Keep Order closes the question and cancels nothing', async () => {
    const order = createOrder();
    const api = fakeApi({
      [`GET ${ORDERS_URL}`]: () => ({ json: { orders: [order], nextCursor: null } }),
    });
    signIn(USER);
    renderAccount(<OrderHistory userId={USER.sub} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api, 'POST', '/api/orders/cancel')).toHaveLength(0);
    expect(within(rowOf(order.orderNumber)).getByText('pending')).toBeTruthy();
  });
});
