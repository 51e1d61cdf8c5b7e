import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { useCheckoutTotals, type UpdatePaymentIntentInput } from './update-payment-intent.ts';

const input = (over: Partial<UpdatePaymentIntentInput> = {}): UpdatePaymentIntentInput => ({
  paymentIntentId: 'pi_1',
  clientSecret: 'pi_1_secret',
  shippingOption: 'ground',
  address: { line1: '1 Main St', line2: '', city: 'Charlotte', state: 'NC', postal_code: '28202' },
  name: 'Sam Shopper',
  email: 'sam@example.com',
  reminderConsent: false,
  ...over,
});
/** $90.00 of shirts, $7.70 shipping, $6.36 tax; $10.00 off with the code. */
const totals = (discount: number) => ({
  subtotal: 9000,
  shipping: 770,
  ...(discount ? { discount, discountCode: 'SPRING' } : {}),
  salesTax: 636,
  total: 9000 + 770 - discount + 636,
});

describe('the checkout’s totals (update-pi)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a change only once the server has answered the one before, so it ends on the last', async () => {
    // The server takes update-pi in the order it arrives: a second request sent while the first is
    // under way could be taken first, leaving the checkout on the first while the page shows the
    // second (Place Order then answers "Your order total has changed").
    const first = deferred<Answer>();
    const api = fakeApi({
      'POST /api/orders/update-pi': ({ body }) =>
        (body as { discountCode?: string }).discountCode ? { json: totals(1000) } : first.promise,
    });
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(({ value }) => useCheckoutTotals(value), {
      wrapper,
      initialProps: { value: input() },
    });
    await waitFor(() => expect(callsTo(api, 'POST', '/api/orders/update-pi')).toHaveLength(1));
    rerender({ value: input({ discountCode: 'SPRING' }) });
    expect(result.current.pending).toBe(true);
    // The code's request waits for the answer to the one before.
    await Promise.resolve();
    expect(callsTo(api, 'POST', '/api/orders/update-pi')).toHaveLength(1);
    first.resolve({ json: totals(0) });
    await waitFor(() => expect(result.current.totals?.total).toBe(9406));
    const sent = callsTo(api, 'POST', '/api/orders/update-pi');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatchObject({ discountCode: 'SPRING' });
  });
});
