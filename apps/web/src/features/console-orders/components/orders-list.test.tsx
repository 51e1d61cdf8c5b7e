import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR_TOKEN, renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { createOrderSummary } from '../test/console-orders-factories.ts';
import { OrdersList } from './orders-list.tsx';

/** Whether a control is disabled. */
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

const first = createOrderSummary({ orderNumber: 'AAAA111111', name: 'Jamie Rivera' });
const second = createOrderSummary({
  orderNumber: 'BBBB222222',
  name: 'Pat Quinn',
  email: 'pat@example.com',
  status: 'shipped',
  paymentStatus: 'partly-refunded',
  returnStatus: 'received',
  total: 4500,
  itemCount: 1,
});

function renderList(
  route = '/admin/orders',
  routes: Record<string, () => Answer | Promise<Answer>> = {},
) {
  const api = fakeApi({
    // The shop's bag follows every sign-in (shared/bag), the console's too.
    'GET /api/cart/': () => ({ json: [] }),
    'GET /api/admin/orders': () => ({ json: { orders: [first, second], nextCursor: 'c2' } }),
    ...routes,
  });
  renderConsolePage(<OrdersList />, { route, path: '/admin/orders' });
  return api;
}

describe('the orders list', () => {
  beforeEach(() => signInAs());
  afterEach(() => vi.unstubAllGlobals());

  it('shows each order with its payment, fulfilment and return status, with the operator’s token', async () => {
    const api = renderList();
    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '',
      'BBBB222222',
      '06/01/2026',
      'Pat Quinnpat@example.com',
      '1',
      '$45.00',
      'Partly refunded',
      'Shipped',
      'Received',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'AAAA111111' }).getAttribute('href')).toBe(
      '/admin/orders/AAAA111111',
    );
    const [call] = callsTo(api, 'GET', '/api/admin/orders');
    expect(call!.url).toBe('/api/admin/orders');
    expect(call!.headers.get('authorization')).toBe(`Bearer ${OPERATOR_TOKEN}`);
  });

  it('asks the server for the filters in the URL, and for the next page by its cursor', async () => {
    const api = renderList('/admin/orders?status=shipped&payment=refunded&from=2026-06-01&q=jamie');
    await screen.findByRole('table');
    expect(callsTo(api, 'GET', '/api/admin/orders')[0]!.url).toBe(
      '/api/admin/orders?status=shipped&payment=refunded&from=2026-06-01&q=jamie',
    );
    expect((screen.getByRole('combobox', { name: 'Fulfilment' }) as HTMLInputElement).value).toBe(
      'shipped',
    );
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe(
      'jamie',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(callsTo(api, 'GET', '/api/admin/orders')).toHaveLength(2));
    expect(callsTo(api, 'GET', '/api/admin/orders')[1]!.url).toContain('cursor=c2');
  });

  it('says so when no order matches', async () => {
    renderList('/admin/orders', {
      'GET /api/admin/orders': () => ({ json: { orders: [], nextCursor: null } }),
    });
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    renderList('/admin/orders?from=2026-06-30&to=2026-06-01', {
      'GET /api/admin/orders': () => ({
        status: 400,
        json: { code: 'invalid_range', message: 'The first day is after the last day.' },
      }),
    });
    const message = await screen.findByText('The first day is after the last day.');
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('marks the chosen orders shipped, each with its carrier and number, and shows each answer', async () => {
    const answer = deferred<Answer>();
    const api = renderList('/admin/orders', {
      'POST /api/admin/orders/ship': () => answer.promise,
    });
    await screen.findByRole('table');
    const mark = screen.getByRole('button', { name: 'Mark shipped' });
    expect(isDisabled(mark)).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order AAAA111111' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order BBBB222222' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Mark shipped' });
    const orderA = within(dialog).getByRole('group', { name: /Order AAAA111111/ });
    const orderB = within(dialog).getByRole('group', { name: /Order BBBB222222/ });
    await userEvent.type(
      within(orderA).getByRole('textbox', { name: 'Tracking number' }),
      '9400111899223197428490',
    );
    await userEvent.selectOptions(within(orderB).getByRole('combobox', { name: 'Carrier' }), 'ups');
    await userEvent.type(
      within(orderB).getByRole('textbox', { name: 'Tracking number' }),
      '1Z999AA10123456784',
    );
    const submit = within(dialog).getByRole('button', { name: 'Mark 2 orders shipped' });
    await userEvent.click(submit);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marking shipped…' }));
    expect(callsTo(api, 'POST', '/api/admin/orders/ship')).toHaveLength(1);
    expect(callsTo(api, 'POST', '/api/admin/orders/ship')[0]!.body).toEqual({
      orders: [
        { orderNumber: 'AAAA111111', carrier: 'usps', tracking: '9400111899223197428490' },
        { orderNumber: 'BBBB222222', carrier: 'ups', tracking: '1Z999AA10123456784' },
      ],
    });

    answer.resolve({
      json: {
        results: [
          { orderNumber: 'AAAA111111', ok: true, status: 'shipped' },
          {
            orderNumber: 'BBBB222222',
            ok: false,
            code: 'illegal_transition',
            message: 'This order is shipped: it can move to completed, not shipped.',
          },
        ],
      },
    });
    expect(await within(dialog).findByText('1 of 2 marked shipped.')).toBeTruthy();
    expect(
      within(dialog)
        .getByText(/BBBB222222/)
        .closest('li')?.textContent,
    ).toContain('BBBB222222: This order is shipped: it can move to completed, not shipped.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    // The shipped one leaves the choice; the other stays for another try.
    expect(isDisabled(await screen.findByRole('button', { name: 'Mark shipped (1)' }))).toBe(false);
    expect(
      (screen.getByRole('checkbox', { name: 'Select order BBBB222222' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it('exports the filtered list as CSV, the button disabled while it downloads', async () => {
    const csv = deferred<Response>();
    const api = renderList('/admin/orders?status=pending');
    await screen.findByRole('table');
    const original = api.getMockImplementation()!;
    api.mockImplementation((input, init) =>
      String(input).startsWith('/api/admin/orders.csv') ? csv.promise : original(input, init),
    );
    const createObjectURL = vi.fn(() => 'blob:orders');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(isDisabled(screen.getByRole('button', { name: 'Exporting…' }))).toBe(true);
    expect(callsTo(api, 'GET', '/api/admin/orders.csv')[0]!.url).toBe(
      '/api/admin/orders.csv?status=pending',
    );
    csv.resolve(
      new Response('Order number\r\n', {
        headers: { 'content-disposition': 'attachment; filename="orders-2026-06-01.csv"' },
      }),
    );
    expect(isDisabled(await screen.findByRole('button', { name: 'Export CSV' }))).toBe(false);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
