import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderLabel } from '@sunward/core/console-labels';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { createOrderSummary } from '../test/console-orders-factories.ts';
import { OrdersList } from './orders-list.tsx';

const a = createOrderSummary({ orderNumber: 'AAAA111111', name: 'Jamie Rivera' });
const b = createOrderSummary({ orderNumber: 'BBBB222222', name: 'Pat Quinn' });

const label = (orderNumber: string, over: Partial<OrderLabel> = {}) => ({
  ok: true,
  orderNumber,
  orderStatus: 'pending',
  state: 'buying',
  provider: 'sandbox',
  trackingNumber: null,
  postage: null,
  reason: null,
  refund: null,
  boughtAt: null,
  voidedAt: null,
  canBuy: false,
  canVoid: false,
  needsCheck: false,
  ...over,
});

describe('buying labels from the orders list', () => {
  beforeEach(() => signInAs());
  afterEach(() => vi.unstubAllGlobals());

  it('buys the chosen orders’ labels in one request and shows each as it settles', async () => {
    const bought = deferred<Answer>();
    let reads = 0;
    const api = fakeApi({
      'GET /api/cart/': () => ({ json: [] }),
      'GET /api/admin/orders': () => ({ json: { orders: [a, b], nextCursor: null } }),
      'POST /api/admin/labels': () => bought.promise,
      'GET /api/admin/labels': () => {
        reads++;
        return {
          json: {
            labels:
              reads === 1
                ? [label('AAAA111111'), label('BBBB222222')]
                : [
                    label('AAAA111111', {
                      state: 'bought',
                      orderStatus: 'shipped',
                      trackingNumber: '9200000000000001234567',
                      postage: 590,
                      canVoid: true,
                    }),
                    label('BBBB222222', {
                      state: 'refused',
                      reason:
                        'The address did not pass the check again: The ZIP code 00001 does not exist.',
                      canBuy: true,
                    }),
                  ],
          },
        };
      },
    });
    renderConsolePage(<OrdersList />, { route: '/admin/orders', path: '/admin/orders' });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order AAAA111111' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order BBBB222222' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy labels (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Buy labels' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy 2 labels' }));
    // A second click while the first is asked changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buying…' }));
    expect(callsTo(api, 'POST', '/api/admin/labels')).toHaveLength(1);
    expect(callsTo(api, 'POST', '/api/admin/labels')[0]!.body).toEqual({
      orders: ['AAAA111111', 'BBBB222222'],
    });
    bought.resolve({ json: { labels: [label('AAAA111111'), label('BBBB222222')] } });

    expect(
      await within(dialog).findByText('1 of 2 labels bought.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const results = within(dialog).getByRole('list', { name: 'Labels' });
    expect(results.textContent).toContain(
      'AAAA111111 Jamie Rivera: Bought: 9200 0000 0000 0001 2345 67, postage $5.90',
    );
    expect(results.textContent).toContain(
      'BBBB222222 Pat Quinn: Not bought: The address did not pass the check again: The ZIP code 00001 does not exist.',
    );
    expect(within(dialog).getByRole('button', { name: 'Print label' })).toBeTruthy();
  });
});
