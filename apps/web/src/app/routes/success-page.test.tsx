import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import {
  callsTo,
  fakeApi,
  orderView,
  renderWithProviders,
} from '@/features/checkout/test/checkout-test-utils.tsx';
import SuccessPage from './success-page.tsx';

const SECRET = 'pi_1_secret_abc';

/** The page reads what the card provider put in the return URL (the view itself: success-view.test). */
describe('success page', () => {
  it('sends the client secret from the return URL with the order call', async () => {
    const api = fakeApi({ 'POST /api/orders': () => ({ json: orderView(464) }) });
    renderWithProviders(
      <SuccessPage />,
      `/success?payment_intent=pi_1&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`,
    );
    expect(await screen.findByText('Thank You For Your Purchase!')).toBeTruthy();
    expect(callsTo(api, '/api/orders')).toEqual([
      { paymentIntentId: 'pi_1', clientSecret: SECRET },
    ]);
  });

  it('without the client secret, asks nothing and points to the bag', () => {
    const api = fakeApi();
    renderWithProviders(<SuccessPage />, '/success?payment_intent=pi_1&redirect_status=succeeded');
    expect(screen.getByRole('link', { name: 'Go to your bag' })).toBeTruthy();
    expect(callsTo(api, '/api/orders')).toHaveLength(0);
  });
});
