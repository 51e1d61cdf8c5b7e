import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import {
  bagLine,
  callsTo,
  fakeApi,
  renderWithProviders,
  orderView as order,
  setBag,
} from '../test/checkout-test-utils.tsx';
import { SuccessView } from './success-view.tsx';

const SECRET = 'pi_1_secret_abc';

/** Generous under a loaded CI machine: the totals wait for a 400 ms email debounce. */
const SLOW = { timeout: 4000 };

describe('success page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the order once and empties the bag', async () => {
    setBag([bagLine()]);
    const api = fakeApi({ 'POST /api/orders': () => ({ json: order(464) }) });
    renderWithProviders(
      <SuccessView paymentIntentId="pi_1" clientSecret={SECRET} failed={false} />,
      '/success',
    );
    expect(await screen.findByText('Thank You For Your Purchase!')).toBeTruthy();
    expect(screen.getByText('$102.34')).toBeTruthy();
    expect(screen.getByText('Sales Tax')).toBeTruthy();
    expect(screen.getByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.getAllByText('ABC123').length).toBeGreaterThan(0);
    await waitFor(() => expect(useBagStore.getState().lines).toHaveLength(0), SLOW);
    expect(callsTo(api, '/api/orders')).toEqual([
      { paymentIntentId: 'pi_1', clientSecret: SECRET },
    ]);
  });

  it('hides Sales Tax at 0', async () => {
    fakeApi({ 'POST /api/orders': () => ({ json: order(0) }) });
    renderWithProviders(
      <SuccessView paymentIntentId="pi_1" clientSecret={SECRET} failed={false} />,
      '/success',
    );
    expect(await screen.findByText('$97.70')).toBeTruthy();
    expect(screen.queryByText('Sales Tax')).toBeNull();
  });

  it('explains a failure with a link to Order Lookup, and keeps the bag', async () => {
    setBag([bagLine()]);
    fakeApi({ 'POST /api/orders': () => ({ status: 409, json: { message: 'Not paid yet.' } }) });
    renderWithProviders(
      <SuccessView paymentIntentId="pi_1" clientSecret={SECRET} failed={false} />,
      '/success',
    );
    expect(await screen.findByText('Not paid yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order Lookup' }).getAttribute('href')).toBe(
      '/order-lookup',
    );
    expect(useBagStore.getState().lines).toHaveLength(1);
  });

  it('says a payment that could not become an order was refunded, and keeps the bag', async () => {
    setBag([bagLine()]);
    const message =
      'We could not complete your order, so your payment of $45.00 has been refunded in full; no order was placed. We have emailed you the details.';
    fakeApi({ 'POST /api/orders': () => ({ status: 409, json: { message, code: 'refunded' } }) });
    renderWithProviders(
      <SuccessView paymentIntentId="pi_1" clientSecret={SECRET} failed={false} />,
      '/success',
    );
    expect(await screen.findByRole('heading', { name: 'Your Payment Was Refunded' })).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(screen.queryByText(/your order is safe/)).toBeNull();
    expect(useBagStore.getState().lines).toHaveLength(1);
  });

  it('without a payment_intent, points to the bag', () => {
    const api = fakeApi();
    renderWithProviders(
      <SuccessView paymentIntentId={null} clientSecret={null} failed={false} />,
      '/success',
    );
    expect(screen.getByRole('link', { name: 'Go to your bag' })).toBeTruthy();
    expect(callsTo(api, '/api/orders')).toHaveLength(0);
  });
});
