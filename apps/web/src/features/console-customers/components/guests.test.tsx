import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EMAIL_ERASURE_KEEPS,
  EMAIL_ERASURE_REMOVES,
  type CustomerDetail,
  type CustomerSummary,
} from '@sunward/core/console-customers';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, fakeApi } from '@/test/fake-api.ts';
import { RequestDataActions } from './customer-data-actions.tsx';
import { CustomerList } from './customer-list.tsx';
import { GuestView } from './customer-view.tsx';

const person = (overrides: Partial<CustomerSummary>): CustomerSummary => ({
  id: 'cus_1',
  kind: 'customer',
  email: 'pat.lee@example.com',
  name: 'Pat Lee',
  emailVerified: true,
  operator: false,
  createdAt: '2026-06-01T14:00:00.000Z',
  erasedAt: null,
  orderCount: 1,
  ...overrides,
});

const guestDetail = (): CustomerDetail => ({
  customer: {
    ...person({
      id: 'ord_1',
      kind: 'guest',
      email: 'gus@example.com',
      name: 'Gus Guest',
      emailVerified: false,
      orderCount: 2,
    }),
    updatedAt: '2026-06-03T14:00:00.000Z',
  },
  identities: [],
  account: null,
  orders: [
    {
      orderNumber: 'AB12CD34EF',
      status: 'delivered',
      total: 4200,
      amountRefunded: 0,
      createdAt: '2026-06-03T14:00:00.000Z',
    },
    {
      orderNumber: 'ZZ12CD34EF',
      status: 'shipped',
      total: 2100,
      amountRefunded: 0,
      createdAt: '2026-06-01T14:00:00.000Z',
    },
  ],
  supportMessages: [],
  dataRequests: [
    {
      id: 'dr_1',
      status: 'open',
      receivedAt: '2026-06-04T14:00:00.000Z',
      dueBy: '2026-07-19',
      emailProvenAt: '2026-06-04T15:00:00.000Z',
    },
  ],
  reminderConsents: [],
  unsubscribes: [],
  reviews: [],
  emails: [],
});

beforeEach(() => void signInAs());
afterEach(() => useAuthStore.setState(initialAuthState()));

describe('guests in Customers (decision 053)', () => {
  it('lists guests among the customers, marked, counted, each opening its own page', async () => {
    fakeApi({
      'GET /api/admin/customers': () => ({
        json: {
          customers: [
            person({
              id: 'ord_1',
              kind: 'guest',
              name: 'Gus Guest',
              emailVerified: false,
              orderCount: 2,
            }),
            person({}),
            person({
              id: 'cus_2',
              kind: 'erased-guest',
              email: '',
              name: '',
              erasedAt: '2026-06-05T10:00:00.000Z',
            }),
          ],
          next: null,
        },
      }),
    });
    renderConsolePage(<CustomerList />, { route: '/admin/customers' });
    const table = await screen.findByRole('table', { name: 'Customers' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(cells.map((c) => [c[0], c[2], c.at(-1)])).toEqual([
      ['Gus Guest', '2', 'Guest (no account)'],
      ['Pat Lee', '1', 'Verified'],
      ['Erased guest', '1', 'Guest, erased'],
    ]);
    const hrefs = rows.map((row) => within(row).getByRole('link').getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/customers/guest/ord_1',
      '/admin/customers/cus_1',
      '/admin/customers/cus_2',
    ]);
  });

  it("shows a guest's record, orders and requests, and where export and erase are", async () => {
    const api = fakeApi({
      'GET /api/admin/customers/guests/ord_1': () => ({ json: guestDetail() }),
    });
    renderConsolePage(<GuestView orderId="ord_1" />, { route: '/admin/customers/guest/ord_1' });
    expect(await screen.findByText('Guest buyer (no account)')).toBeTruthy();
    expect(screen.getByText(/Bought without an account/).textContent).toContain('data request');
    expect(screen.getByText('First order id')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Orders (2)' })).toBeTruthy();
    expect(screen.getByText(/email proven/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Erase/ })).toBeNull();
    expect(callsTo(api, 'GET', '/api/admin/customers/guests/ord_1')).toHaveLength(1);
  });

  it('says a guest could not be found', async () => {
    fakeApi({
      'GET /api/admin/customers/guests/ord_x': () => ({
        status: 404,
        json: { code: 'not_found', message: 'We could not find this guest.' },
      }),
    });
    renderConsolePage(<GuestView orderId="ord_x" />, { route: '/admin/customers/guest/ord_x' });
    expect(await screen.findByText('This guest could not be loaded.')).toBeTruthy();
  });
});

describe("erasing by a data request's email", () => {
  const REQUEST = { id: 'dr_1', email: 'gus@example.com' };
  const confirmButton = () =>
    screen.getByRole('button', { name: /Erase Personal Data|Erasing/ }) as HTMLButtonElement;

  it("waits for the request's email, erases by the request and says so", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /api/admin/data-requests/dr_1/erase': () => ({
        json: {
          customerId: 'cus_9',
          erasedAt: '2026-06-05T10:00:00.000Z',
          alreadyErased: false,
          erased: { orders: 2 },
        },
      }),
    });
    renderConsolePage(<RequestDataActions request={REQUEST} />, {
      route: '/admin/inbox/data-requests/dr_1',
    });
    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Personal Data' });
    for (const line of [...EMAIL_ERASURE_REMOVES, ...EMAIL_ERASURE_KEEPS]) {
      expect(dialog.textContent).toContain(line);
    }
    expect(dialog.textContent).toContain(
      'Erase everything kept under gus@example.com, guest orders included?',
    );
    const input = screen.getByLabelText("Type the request's email (gus@example.com) to confirm");
    await user.type(input, 'GUS@example.co');
    expect(confirmButton().disabled).toBe(true);
    await user.type(input, 'm');
    await user.click(confirmButton());
    expect(await screen.findByText('Personal data erased.')).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/admin/data-requests/dr_1/erase')).toEqual([
      expect.objectContaining({ body: { confirmEmail: 'GUS@example.com' } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows why the server refused, and keeps the dialog', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/admin/data-requests/dr_1/erase': () => ({
        status: 409,
        json: { code: 'not_proven', message: 'The requester has not proven this email yet.' },
      }),
    });
    renderConsolePage(<RequestDataActions request={REQUEST} />, {
      route: '/admin/inbox/data-requests/dr_1',
    });
    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    await user.type(await screen.findByLabelText(/Type the request's email/), REQUEST.email);
    await user.click(confirmButton());
    expect(
      await screen.findByText('Nothing was erased: The requester has not proven this email yet.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
