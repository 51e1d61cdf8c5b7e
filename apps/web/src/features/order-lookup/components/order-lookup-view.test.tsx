import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { trackingUrl } from '@sunward/core/carriers';
import { createOrder, createReturnItem, createReturnRecord } from '@/test/factories.ts';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { Landing } from '@/test/landing.tsx';
import { renderWithProviders } from '@/test/render.tsx';
import { OrderLookupView } from './order-lookup-view.tsx';

const LOOKUP = '/api/orders/lookup';
const DAY = 86_400_000;
const NOT_FOUND: Answer = { status: 404, json: { code: 'not_found', message: 'No order found.' } };

/** The lookup page on /order-lookup, the server answering the lookup with `answer`. */
function renderLookup(answer: (body: unknown) => Answer | Promise<Answer>) {
  const api = fakeApi({ [`POST ${LOOKUP}`]: ({ body }) => answer(body) });
  renderWithProviders(
    <Routes>
      <Route path="/order-lookup" element={<OrderLookupView />} />
      <Route path="*" element={<Landing />} />
    </Routes>,
    { route: '/order-lookup' },
  );
  return api;
}

const orderNumberField = () => screen.getByRole('textbox', { name: 'Order Number' });
const emailField = () => screen.getByRole('textbox', { name: 'Email' });

async function search(orderNumber: string, email: string) {
  if (orderNumber) await userEvent.type(orderNumberField(), orderNumber);
  if (email) await userEvent.type(emailField(), email);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

/** Looks up `order` (found), and waits for its result. */
async function found(order: Order, email = 'riley@example.com') {
  const api = renderLookup(() => ({ json: order }));
  await search(order.orderNumber, email);
  const result = await screen.findByRole('region', { name: `Order ${order.orderNumber}` });
  return { api, result };
}

/** The buttons and links of the result, in order. */
const actionsOf = (orderNumber: string) =>
  [
    ...screen.getByRole('group', { name: `Order ${orderNumber}` }).querySelectorAll('button, a'),
  ].map((el) => el.textContent);

/** The amount after a term (a <dt>) in `scope`. */
const figure = (scope: HTMLElement, term: string) =>
  within(scope).queryByText(term, { selector: 'dt' })?.nextSibling?.textContent ?? null;

describe('order lookup lead (decision 054)', () => {
  const LEAD = /^Enter your order number and the email you used at checkout/;

  it('says what to enter', () => {
    renderWithProviders(<OrderLookupView />);
    expect(screen.getByText(LEAD)).toBeTruthy();
  });

  it('shows why another page sent the shopper here in the lead’s place', () => {
    renderWithProviders(
      <OrderLookupView notice={<p role="status">Support starts from an order.</p>} />,
    );
    expect(screen.getByText('Support starts from an order.').getAttribute('role')).toBe('status');
    expect(screen.queryByText(LEAD)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Order Lookup' })).toBeTruthy();
  });
});

describe('order lookup form (spec 5)', () => {
  it.each([
    ['', '', { number: 'Enter Order Number', email: null }],
    ['', 'riley@example.com', { number: 'Enter Order Number', email: null }],
    ['ORD123', '', { number: null, email: 'Enter Email Address' }],
    ['   ', '   ', { number: 'Enter Order Number', email: null }],
    ['ORD123', '  ', { number: null, email: 'Enter Email Address' }],
  ])('order number %j, email %j: %j, and no search', async (number, email, messages) => {
    const api = renderLookup(() => NOT_FOUND);
    await search(number, email);
    for (const [field, message] of [
      [orderNumberField(), messages.number],
      [emailField(), messages.email],
    ] as const) {
      if (message) {
        expect(field.getAttribute('aria-invalid')).toBe('true');
        const describedBy = document.getElementById(field.getAttribute('aria-describedby')!);
        expect(describedBy?.textContent).toBe(message);
        expect(field).toBe(document.activeElement);
      } else {
        expect(field.getAttribute('aria-invalid')).toBeNull();
      }
    }
    expect(screen.queryByText('Enter Order Number')?.textContent ?? null).toBe(messages.number);
    expect(screen.queryByText('Enter Email Address')?.textContent ?? null).toBe(messages.email);
    expect(callsTo(api, 'POST', LOOKUP)).toEqual([]);
  });

  it('follows what is typed once a search was refused, and then searches', async () => {
    const api = renderLookup(() => NOT_FOUND);
    await search('', '');
    expect(screen.getByText('Enter Order Number')).toBeTruthy();
    await userEvent.type(orderNumberField(), ' ord-123 ');
    expect(screen.queryByText('Enter Order Number')).toBeNull();
    expect(screen.getByText('Enter Email Address')).toBeTruthy();
    await userEvent.type(emailField(), ' Riley@Example.com');
    expect(screen.queryByText('Enter Email Address')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No order found.');
    // Sent without the spaces around; the server normalises the rest.
    expect(callsTo(api, 'POST', LOOKUP).map((c) => c.body)).toEqual([
      { orderNumber: 'ord-123', email: 'Riley@Example.com' },
    ]);
  });

  it('is busy while the search runs: one request however often Search is pressed', async () => {
    const held = deferred<Answer>();
    const order = createOrder({ status: 'completed' });
    const api = renderLookup(() => held.promise);
    await search(order.orderNumber, 'riley@example.com');
    const busy = screen.getByRole('button', { name: 'Searching…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(busy);
    held.resolve({ json: order });
    await screen.findByRole('region', { name: `Order ${order.orderNumber}` });
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(callsTo(api, 'POST', LOOKUP)).toHaveLength(1);
  });
});

describe('order lookup result (spec 2)', () => {
  it('shows the number, status, date, addresses, products, card and figures', async () => {
    const order = createOrder({
      status: 'in-progress',
      createdAt: new Date(2026, 2, 7, 9, 30).toISOString(),
      products: [
        {
          productId: 'prod_test_shirt',
          design: 'key-west',
          size: 'xxlr',
          position: 'Back',
          quantity: 2,
          productCost: 4500,
        },
        {
          productId: 'prod_test_shirt',
          design: 'alaska',
          size: 'mds',
          position: 'Front',
          quantity: 1,
          productCost: 4250,
        },
      ],
      subTotal: 13_250,
      shippingRate: 0,
      salesTax: 928,
      total: 14_178,
    });
    const { api, result } = await found(order);
    expect(callsTo(api, 'POST', LOOKUP).map((c) => c.body)).toEqual([
      { orderNumber: order.orderNumber, email: 'riley@example.com' },
    ]);
    expect(figure(result, 'Order #')).toBe(order.orderNumber);
    expect(figure(result, 'Status')).toBe('in progress');
    expect(figure(result, 'Date')).toBe('03/07/2026');

    const shipping = within(result).getByRole('region', { name: 'Shipping Address' });
    expect(shipping.textContent).toContain('Riley Shore600 E Trade StCharlotte, NC 28202');
    const billing = within(result).getByRole('region', { name: 'Billing Details' });
    expect(billing.textContent).toContain('100 N Tryon St');
    expect(billing.textContent).toContain('riley@example.com');
    const payment = within(result).getByRole('region', { name: 'Payment Method' });
    expect(payment.textContent).toContain('Visa ending in 4242');

    const rows = within(within(result).getByRole('region', { name: 'Products' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!).getByRole('img', {
        name: 'Key West sun shirt, back view with the print on the back',
      }),
    ).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Key West');
    expect(figure(rows[0]!, 'Price')).toBe('$45.00');
    expect(figure(rows[0]!, 'Size')).toBe('XXL R');
    expect(figure(rows[0]!, 'Position')).toBe('Back');
    expect(figure(rows[0]!, 'Qty')).toBe('2');
    expect(figure(rows[1]!, 'Size')).toBe('MD S');
    expect(figure(rows[1]!, 'Price')).toBe('$42.50');

    expect(figure(result, 'Subtotal')).toBe('$132.50');
    expect(figure(result, 'Shipping')).toBe('Free');
    expect(figure(result, 'Sales Tax')).toBe('$9.28');
    expect(figure(result, 'Total')).toBe('$141.78');
    // The result's heading takes focus, so it is read out.
    expect(document.activeElement).toBe(
      within(result).getByRole('heading', { name: `Order ${order.orderNumber}` }),
    );
  });

  it("says 'No order found.' inline for a 404, in place of an earlier result, with no toast", async () => {
    const order = createOrder({ status: 'completed' });
    let answer: Answer = { json: order };
    renderLookup(() => answer);
    await search(order.orderNumber, 'riley@example.com');
    await screen.findByRole('region', { name: `Order ${order.orderNumber}` });
    answer = NOT_FOUND;
    await userEvent.clear(emailField());
    await search('', 'someone@example.com');
    const none = await screen.findByText('No order found.');
    expect(none.getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('region', { name: `Order ${order.orderNumber}` })).toBeNull();
    expect(document.querySelector('.toast')).toBeNull();
  });

  it.each([
    [
      429,
      {
        code: 'rate_limited',
        message: 'Too many tries. Please wait a minute and try again.',
      },
    ],
    [500, { code: 'internal', message: 'Something went wrong on our side. Please try again.' }],
  ])("toasts the server's message for a %i", async (status, body) => {
    renderLookup(() => ({ status, json: body }));
    await search('ORD123', 'riley@example.com');
    const toastMessage = await screen.findByText(body.message);
    expect(toastMessage.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByText('No order found.')).toBeNull();
  });
});

describe('order lookup buttons (spec 2 and 4)', () => {
  const now = Date.now();
  it.each<[string, Partial<Order>, string[]]>([
    ['pending', {}, ['Support']],
    ['in-progress', {}, ['Support']],
    ['shipped', { tracking: '9400111899223197428490' }, ['Support', 'Track Package']],
    ['shipped', { tracking: null }, ['Support']],
    ['completed', {}, ['Support', 'Create Return']],
    ['cancelled', {}, ['Support']],
    ['return', {}, ['Support', 'Create Return', 'View Returns']],
    // Only status return shows View Returns here (the account also shows it for refund).
    ['refund', {}, ['Support']],
    // Past the 15-day window (judged from updatedAt; bought outside the holidays): no Create Return.
    [
      'completed',
      { createdAt: '2025-06-01T15:00:00Z', updatedAt: '2025-06-05T15:00:00Z' },
      ['Support'],
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
      ['Support', 'View Returns'],
    ],
  ])('status %s %j: %j', async (status, overrides, expected) => {
    const order = createOrder({ status, ...overrides });
    await found(order);
    expect(actionsOf(order.orderNumber)).toEqual(expected);
  });

  it('opens the USPS tracking page in a new tab on Track Package', async () => {
    const order = createOrder({ status: 'shipped', tracking: '9400111899223197428490' });
    await found(order);
    const link = screen.getByRole('link', { name: 'Track Package' });
    expect(link.getAttribute('href')).toBe(trackingUrl(null, '9400111899223197428490'));
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('goes to /support with the order number and the lookup as the way back', async () => {
    const order = createOrder({ status: 'completed' });
    await found(order);
    await userEvent.click(screen.getByRole('button', { name: 'Support' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /support' })).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({
      orderNumber: order.orderNumber,
      previousUrl: '/order-lookup',
    });
  });

  it('goes to /return with the order and the email that found it on Create Return', async () => {
    const order = createOrder({ status: 'completed' });
    await found(order, 'Riley@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create Return' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /return' })).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({
      order,
      email: 'Riley@Example.com',
    });
  });

  it('opens the returns dialog on View Returns', async () => {
    const order = createOrder({
      status: 'return',
      returns: [createReturnRecord({ refundAmount: 4732, totalSalesTaxRefund: 232 })],
    });
    await found(order);
    await userEvent.click(screen.getByRole('button', { name: 'View Returns' }));
    const dialog = await screen.findByRole('dialog', { name: `Returns for ${order.orderNumber}` });
    expect(figure(dialog, 'Refund Amount')).toBe('$47.32');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
