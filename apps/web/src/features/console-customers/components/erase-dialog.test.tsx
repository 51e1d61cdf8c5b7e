import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERASURE_KEEPS, ERASURE_REMOVES } from '@sunward/core/console-customers';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { CustomerDataActions } from './customer-data-actions.tsx';

const CUSTOMER = { id: 'cus_1', email: 'pat.lee@example.com', name: 'Pat Lee' };
const render = () =>
  renderConsolePage(<CustomerDataActions customer={CUSTOMER} />, {
    route: '/admin/customers/cus_1',
  });
const confirmButton = () =>
  screen.getByRole('button', { name: /Erase Personal Data|Erasing/ }) as HTMLButtonElement;

beforeEach(() => void signInAs());
afterEach(() => useAuthStore.setState(initialAuthState()));

describe('erasing a customer', () => {
  it('says what goes and what stays, and waits for the typed email (any case)', async () => {
    const user = userEvent.setup();
    fakeApi();
    render();
    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Personal Data' });
    for (const line of [...ERASURE_REMOVES, ...ERASURE_KEEPS]) {
      expect(dialog.textContent).toContain(line);
    }
    expect(confirmButton().disabled).toBe(true);
    const input = screen.getByLabelText(/Type the customer's email \(pat.lee@example.com\)/);
    await user.type(input, 'pat.lee@example');
    expect(confirmButton().disabled).toBe(true);
    await user.type(input, '.COM');
    expect(confirmButton().disabled).toBe(false);
  });

  it('erases once, with the typed email, and says so when the server has', async () => {
    const user = userEvent.setup();
    const held = deferred<Answer>();
    const api = fakeApi({ 'POST /api/admin/customers/cus_1/erase': () => held.promise });
    render();
    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    await user.type(
      await screen.findByLabelText(/Type the customer's email/),
      'Pat.Lee@example.com',
    );
    await user.click(confirmButton());
    expect(confirmButton().disabled).toBe(true);
    await user.click(confirmButton());
    expect(callsTo(api, 'POST', '/api/admin/customers/cus_1/erase')).toEqual([
      expect.objectContaining({ body: { confirmEmail: 'Pat.Lee@example.com' } }),
    ]);
    held.resolve({
      json: {
        customerId: 'cus_1',
        erasedAt: '2026-06-02T10:00:00.000Z',
        alreadyErased: false,
        erased: { orders: 2 },
      },
    });
    expect(await screen.findByText('Personal data erased.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows why the server refused, and erases nothing', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/admin/customers/cus_1/erase': () => ({
        status: 409,
        json: {
          code: 'open_orders',
          message: 'Order AB12 has not shipped yet and still needs the address.',
          orders: ['AB12'],
        },
      }),
    });
    render();
    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    await user.type(await screen.findByLabelText(/Type the customer's email/), CUSTOMER.email);
    await user.click(confirmButton());
    expect(
      await screen.findByText(
        'Nothing was erased: Order AB12 has not shipped yet and still needs the address.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('exports the customer as the file the server names', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.mockImplementation(
      async () =>
        new Response('{"format":"sunward-customer-export"}', {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'content-disposition': 'attachment; filename="customer-cus_1-2026-06-02.json"',
          },
        }),
    );
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    render();
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(await screen.findByText('Saved customer-cus_1-2026-06-02.json')).toBeTruthy();
    expect(api.mock.calls.map(([url]) => String(url))).toContain(
      '/api/admin/customers/cus_1/export',
    );
  });
});
