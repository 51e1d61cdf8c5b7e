import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, fakeApi } from '@/test/fake-api.ts';
import { returnSummary } from '../test/console-returns-factories.ts';
import { ReturnQueueView } from './return-queue.tsx';

beforeEach(() => {
  signInAs();
});
afterEach(() => {
  useAuthStore.setState(initialAuthState());
});

function renderQueue(route = '/admin/returns') {
  const api = fakeApi({
    'GET /api/cart/': () => ({ json: [] }),
    'GET /api/admin/returns': ({ url }) => {
      const status = new URL(url, 'http://x').searchParams.get('status');
      if (status === 'on-its-way') {
        return { json: { returns: [returnSummary({ status: 'on-its-way' })], next: null } };
      }
      return status === 'refunded'
        ? { json: { returns: [], next: null } }
        : {
            json: {
              returns: [
                returnSummary(),
                returnSummary({
                  id: 'ret_two',
                  seq: 2,
                  status: 'received',
                  order: { ...returnSummary().order, orderNumber: 'SW-1003' },
                  labelTracking: null,
                  exchangeOrderNumber: null,
                }),
              ],
              next: '2026-11-20T15:00:00.000Z|ret_two',
            },
          };
    },
  });
  renderConsolePage(<ReturnQueueView />, { route, path: '/admin/returns' });
  return api;
}

describe('the returns queue', () => {
  it('lists the open returns with their order, units, refund, label and status, linked', async () => {
    const api = renderQueue();
    const table = await screen.findByRole('table', { name: 'Returns: Open (to do)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Order SW-1001');
    expect(rows[0]!.textContent).toContain('1 refund, 1 exchange');
    expect(rows[0]!.textContent).toContain('Exchange order SW-2002');
    expect(rows[0]!.textContent).toContain('$47.14');
    expect(rows[0]!.textContent).toContain('Issued');
    expect(rows[1]!.textContent).toContain('Not made yet');
    expect(within(rows[1]!).getByText('Received')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(
      '/admin/returns/ret_abc123',
    );
    expect(callsTo(api, 'GET', '/api/admin/returns')[0]!.url).toBe(
      '/api/admin/returns?status=open&limit=25',
    );
    expect(screen.getByRole('button', { name: 'Older' })).toBeTruthy();
  });

  it('filters by status through the URL and says when nothing matches', async () => {
    const api = renderQueue();
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'refunded');
    expect(await screen.findByText('No returns with this status.')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(api, 'GET', '/api/admin/returns').at(-1)!.url).toBe(
        '/api/admin/returns?status=refunded&limit=25',
      ),
    );
  });

  it('filters the returns whose parcel the carrier has scanned: On its way', async () => {
    const api = renderQueue();
    await screen.findByRole('table');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Status' }),
      screen.getByRole('option', { name: 'On its way' }),
    );
    const table = await screen.findByRole('table', { name: 'Returns: On its way' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('On its way')).toBeTruthy();
    expect(callsTo(api, 'GET', '/api/admin/returns').at(-1)!.url).toBe(
      '/api/admin/returns?status=on-its-way&limit=25',
    );
  });

  it('asks the next page with the cursor the server gave', async () => {
    const api = renderQueue();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(callsTo(api, 'GET', '/api/admin/returns').at(-1)!.url).toBe(
        `/api/admin/returns?status=open&cursor=${encodeURIComponent('2026-11-20T15:00:00.000Z|ret_two')}&limit=25`,
      ),
    );
  });
});
