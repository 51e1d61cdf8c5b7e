import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { createReturnItem, createReturnRecord } from '@/test/factories.ts';
import {
  callsTo,
  confirmationPath,
  createOrder,
  fakeApi,
  figure,
  renderAt,
  signIn,
} from '../test/returns-test-utils.tsx';
import { ReturnConfirmation } from './return-confirmation.tsx';

const PROCESSING =
  'Your return will be processed shortly. You will receive a return label via email within 24 hours.';
const NOTE =
  '1 Free Return Per Order. One free return allowed per order. Additional returns are subject to a shipping fee.';

/** An order after two returns: a refund and an exchange, then a refund with the fee. */
function returnedOrder(overrides: Partial<Order> = {}): Order {
  return createOrder({
    status: 'return',
    returns: [
      createReturnRecord({
        createdAt: new Date(2026, 2, 3, 12).toISOString(),
        products: [
          createReturnItem({
            itemId: 0,
            returnType: 'Refund',
            returnReason: 'too-long',
            selected: true,
          }),
          createReturnItem({ itemId: 1 }),
          createReturnItem({
            itemId: 2,
            design: 'sky-ridge',
            size: 'lgs',
            position: 'Back',
            returnType: 'Exchange',
            returnReason: 'too-tight',
            sizeExchange: 'xlr',
            positionExchange: 'Front',
            selected: true,
          }),
        ],
        totalSalesTaxRefund: 214,
        shippingFee: 0,
        refundAmount: 4714,
      }),
      createReturnRecord({
        createdAt: new Date(2026, 2, 9, 12).toISOString(),
        products: [
          createReturnItem({
            itemId: 1,
            returnType: 'Refund',
            returnReason: 'too-short',
            selected: true,
          }),
        ],
        totalSalesTaxRefund: 214,
        shippingFee: 770,
        refundAmount: 3944,
      }),
    ],
    ...overrides,
  });
}

const errorToasts = () =>
  useToastStore
    .getState()
    .toasts.filter((t) => t.kind === 'error')
    .map((t) => t.message);

describe('Return Confirmation (spec 2)', () => {
  it("reloads a guest's order by its number and email and lists every return", async () => {
    const answered = createOrder({ status: 'return', returns: [] });
    const reloaded = returnedOrder({ orderNumber: answered.orderNumber });
    const api = fakeApi({ 'POST /api/orders/lookup': () => ({ json: reloaded }) });
    renderAt(confirmationPath, <ReturnConfirmation order={answered} email="riley@example.com" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Return Confirmation' })).toBeTruthy();
    expect(screen.getByText(answered.orderNumber)).toBeTruthy();
    expect(screen.getByText(PROCESSING)).toBeTruthy();
    expect(screen.getByText(NOTE)).toBeTruthy();

    const first = (await screen.findByRole('heading', { name: /^Return 1/ })).closest('li')!;
    expect(callsTo(api, 'POST', '/api/orders/lookup').map((c) => c.body)).toEqual([
      { orderNumber: answered.orderNumber, email: 'riley@example.com' },
    ]);
    expect(within(first).getByRole('heading').textContent).toBe('Return 1 · 03/03/2026');
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Alaska, MD - Regular, Front: Refund · $45.00',
      'Sky Ridge, LG - Short, Back: Exchange for XL - Regular, Front',
    ]);
    expect(figure('Sales Tax Refund', first)).toBe('$2.14');
    expect(figure('Return Shipping Fee', first)).toBe('$0.00');
    expect(figure('Refund Amount', first)).toBe('$47.14');

    const second = screen.getByRole('heading', { name: /^Return 2/ }).closest('li')!;
    expect(within(second).getByRole('heading').textContent).toBe('Return 2 · 03/09/2026');
    expect(figure('Return Shipping Fee', second)).toBe('-$7.70');
    expect(figure('Refund Amount', second)).toBe('$39.44');
    // 4714 + 3944
    expect(figure('Total Refund')).toBe('$86.58');
  });

  it("a signed-in shopper's order is the one the return call answered: nothing to reload", async () => {
    signIn();
    const order = returnedOrder();
    const api = fakeApi();
    renderAt(confirmationPath, <ReturnConfirmation order={order} />);
    expect(screen.getByRole('heading', { name: /^Return 2/ })).toBeTruthy();
    expect(figure('Total Refund')).toBe('$86.58');
    expect(screen.getByRole('link', { name: 'Back to Orders' }).getAttribute('href')).toBe(
      '/account',
    );
    await act(async () => undefined);
    expect(api).not.toHaveBeenCalled();
  });

  it("a failed reload is an error toast with the server's message; the answered order stays", async () => {
    const order = returnedOrder();
    fakeApi({
      'POST /api/orders/lookup': () => ({
        status: 429,
        json: {
          code: 'rate_limited',
          message: 'Too many tries. Please wait a minute and try again.',
        },
      }),
    });
    renderAt(confirmationPath, <ReturnConfirmation order={order} email="riley@example.com" />);
    await waitFor(() =>
      expect(errorToasts()).toEqual(['Too many tries. Please wait a minute and try again.']),
    );
    expect(screen.getByRole('heading', { name: /^Return 2/ })).toBeTruthy();
    expect(figure('Total Refund')).toBe('$86.58');
    expect(screen.queryByRole('link', { name: 'Back to Orders' })).toBeNull();
  });
});
