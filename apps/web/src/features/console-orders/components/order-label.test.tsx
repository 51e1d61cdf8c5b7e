import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderLabel } from '@sunward/core/console-labels';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { orderKeys } from '../api/order-keys.ts';
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
  needsCheck: false,
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

/** The label once the carrier voided it and refunded the postage: the order in progress again. */
const voided = label({
  ...bought,
  state: 'voided',
  orderStatus: 'in-progress',
  refund: 'refunded',
  voidedAt: '2026-11-28T17:05:00.000Z',
  canBuy: true,
  canVoid: false,
});

/** The order page's own read of the order (its status), as the detail query keeps it. */
function OrderStatusProbe() {
  const order = useQuery({
    queryKey: orderKeys.detail(N),
    queryFn: async () =>
      ((await (await fetch(`/api/admin/orders/${N}`)).json()) as { status: string }).status,
  });
  return <p data-testid="order-status">{order.data ?? ''}</p>;
}

function renderPanel(routes: Record<string, () => Answer | Promise<Answer>>, probe = false) {
  const api = fakeApi({ 'GET /api/cart/': () => ({ json: [] }), ...routes });
  const panel = <OrderLabelPanel orderNumber={N} />;
  renderConsolePage(
    probe ? (
      <>
        <OrderStatusProbe />
        {panel}
      </>
    ) : (
      panel
    ),
    {
      route: `/admin/orders/${N}`,
      path: '/admin/orders/:orderNumber',
    },
  );
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

  it('buys again after no answer from USPS only once the operator says its account shows none', async () => {
    let state = label({
      state: 'refused',
      provider: 'usps-api',
      reason: 'The carrier did not answer: USPS answered 503: Service Unavailable',
      needsCheck: true,
    });
    const api = renderPanel({
      'GET /api/admin/labels': () => ({ json: { labels: [state] } }),
      'POST /api/admin/labels': () => {
        state = label({ state: 'buying', provider: 'usps-api', canBuy: false });
        return { json: { labels: [state] } };
      },
    });
    const buy = await screen.findByRole('button', { name: 'Buy label again' });
    expect((buy as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(
      screen.getByRole('checkbox', {
        name: 'I checked the USPS account’s shipping history: no label was made for this order',
      }),
    );
    expect((buy as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(buy);
    expect(callsTo(api, 'POST', '/api/admin/labels')[0]!.body).toEqual({
      orders: [N],
      confirmNoLabel: true,
    });
    expect(await screen.findByText('Buying the label…')).toBeTruthy();
  });

  it('says why the server did not start a purchase', async () => {
    renderPanel({
      'GET /api/admin/labels': () => ({ json: { labels: [label()] } }),
      'POST /api/admin/labels': () => ({
        json: {
          labels: [
            {
              orderNumber: N,
              ok: false,
              code: 'not_ready',
              message: `Order ${N} is cancelled: a label is bought for an order ready to ship (pending or in progress).`,
            },
          ],
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy label' }));
    const alert = await screen.findByText(/is cancelled: a label is bought/);
    expect(alert.getAttribute('role')).toBe('alert');
  });

  it('voids the label after asking, once', async () => {
    let state: object = bought;
    const api = renderPanel({
      'GET /api/admin/labels': () => ({ json: { labels: [state] } }),
      'POST /api/admin/labels/void': () => {
        state = voided;
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

  it('reads the order again when the void settled before the panel saw it under way', async () => {
    // The job voids the label after the order was read again for the click but before the label
    // was: the panel goes from bought straight to voided, and the order must still be read again.
    let done = false;
    let asked = false;
    renderPanel(
      {
        'GET /api/admin/orders/': () => ({ json: { status: done ? 'in-progress' : 'shipped' } }),
        'GET /api/admin/labels': () => {
          if (asked) done = true;
          return { json: { labels: [done ? voided : bought] } };
        },
        'POST /api/admin/labels/void': () => {
          asked = true;
          return { json: { ...bought, ok: undefined, state: 'voiding', canVoid: false } };
        },
      },
      true,
    );
    expect((await screen.findByTestId('order-status')).textContent).toBe('');
    await screen.findByText('shipped');
    await userEvent.click(await screen.findByRole('button', { name: 'Void label' }));
    const confirm = await screen.findByRole('dialog', { name: `Void the label of order ${N}?` });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Void label' }));
    await screen.findByText('Label voided. Postage refunded.');
    expect(await screen.findByText('in-progress')).toBeTruthy();
  });
});
