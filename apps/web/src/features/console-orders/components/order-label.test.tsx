import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderLabel } from '@sunward/core/console-labels';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { OrderLabelPanel } from './order-label.tsx';

const N = 'AAAA111111';
const label = (over: Partial<OrderLabel> = {}) => ({
  ok: true,
  orderNumber: N,
  orderStatus: 'pending',
  state: 'none',
  provider: null,
  trackingNumber: null,
  postage: null,
  reason: null,
  refund: null,
  boughtAt: null,
  voidedAt: null,
  canBuy: true,
  canVoid: false,
  ...over,
});
const bought = label({
  state: 'bought',
  orderStatus: 'shipped',
  provider: 'sandbox',
  trackingNumber: '9200000000000001234567',
  postage: 590,
  boughtAt: '2026-11-28T17:00:00.000Z',
  canBuy: false,
  canVoid: true,
});

function renderPanel(routes: Record<string, () => Answer | Promise<Answer>>) {
  const api = fakeApi({ 'GET /api/cart/': () => ({ json: [] }), ...routes });
  renderConsolePage(<OrderLabelPanel orderNumber={N} />, {
    route: `/admin/orders/${N}`,
    path: '/admin/orders/:orderNumber',
  });
  return api;
}

describe('the order’s shipping label', () => {
  beforeEach(() => signInAs());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the carrier’s reason when it refused, and buys once however often clicked', async () => {
    const answer = deferred<Answer>();
    let state = label({
      state: 'refused',
      reason: 'USPS answered 400: Invalid ZIPCode.',
    });
    const api = renderPanel({
      'GET /api/admin/labels': () => ({ json: { labels: [state] } }),
      'POST /api/admin/labels': () => answer.promise,
    });
    const reason = await screen.findByText('USPS answered 400: Invalid ZIPCode.');
    expect(reason.getAttribute('role')).toBe('alert');
    const buy = screen.getByRole('button', { name: 'Buy label again' });
    await userEvent.click(buy);
    await userEvent.click(buy);
    expect(callsTo(api, 'POST', '/api/admin/labels')).toHaveLength(1);
    expect(callsTo(api, 'POST', '/api/admin/labels')[0]!.body).toEqual({ orders: [N] });
    state = bought;
    answer.resolve({ json: { labels: [label({ state: 'buying', canBuy: false })] } });
    expect(await screen.findByText('Label bought.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('9200 0000 0000 0001 2345 67')).toBeTruthy();
    expect(screen.getByText('$5.90')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print label' })).toBeTruthy();
  });

  it('voids the label after asking, once', async () => {
    let state: object = bought;
    const api = renderPanel({
      'GET /api/admin/labels': () => ({ json: { labels: [state] } }),
      'POST /api/admin/labels/void': () => {
        state = label({
          ...bought,
          state: 'voided',
          orderStatus: 'in-progress',
          refund: 'refunded',
          voidedAt: '2026-11-28T17:05:00.000Z',
          canBuy: true,
          canVoid: false,
        });
        return { json: { ...bought, ok: undefined, state: 'voiding', canVoid: false } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Void label' }));
    const confirm = await screen.findByRole('dialog', { name: `Void the label of order ${N}?` });
    expect(confirm.textContent).toContain('goes back to in progress, ready to ship');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Void label' }));
    expect(
      await screen.findByText('Label voided. Postage refunded.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/admin/labels/void')).toHaveLength(1);
    expect(callsTo(api, 'POST', '/api/admin/labels/void')[0]!.body).toEqual({ orderNumber: N });
    expect(screen.getByRole('button', { name: 'Buy label' })).toBeTruthy();
  });
});
