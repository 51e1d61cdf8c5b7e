import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { LOGIN_TIME_KEY } from '@/shared/bag/login-time.ts';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { serverCart, signInAs, TEST_TOKEN, TEST_USER } from '@/test/fake-cart-api.ts';
import {
  bagLine,
  callsTo,
  fakeApi,
  orderView,
  renderWithProviders,
  requestsTo,
} from '../test/checkout-test-utils.tsx';
import { CheckoutView } from './checkout-view.tsx';
import { SuccessView } from './success-view.tsx';

const SECRET = 'pi_1_secret_abc';
const customer = {
  id: 'cus_1',
  sub: TEST_USER.sub,
  name: TEST_USER.name,
  email: TEST_USER.email,
  email_verified: true,
  roles: [],
};

/** A signed-in shopper (later load of the session) whose server bag holds one line. */
async function signedInWithBag(
  routes: Parameters<typeof fakeApi>[0] = {},
  line = bagLine({ quantity: 2 }),
) {
  sessionStorage.setItem(LOGIN_TIME_KEY, '2025-06-01T12:00:00.000Z');
  const api = fakeApi({
    'GET /api/cart/': () => ({ json: [serverCart([line])] }),
    'DELETE /api/cart/': () => ({ status: 204, json: undefined }),
    'GET /api/customers/': () => ({ json: customer }),
    'POST /api/orders/create-pi': (body) => ({
      json: {
        clientSecret: 'pi_2_secret_y',
        paymentIntentId: 'pi_2',
        provider: 'sandbox',
        subtotal: 4500 * (body as { cart: { quantity: number }[] }).cart[0]!.quantity,
        amount: 9000,
      },
    }),
    ...routes,
  });
  signInAs();
  await waitFor(() => expect(useBagStore.getState().ready).toBe(true));
  expect(useBagStore.getState().lines).toEqual([line]);
  return { api, line };
}

describe('checkout as a signed-in customer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates the payment intent with create-pi and the bearer token; the email starts as the account email', async () => {
    const { api, line } = await signedInWithBag();
    renderWithProviders(<CheckoutView />);
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe('ada@example.com');
    await waitFor(() => expect(requestsTo(api, '/api/orders/create-pi')).toHaveLength(1));
    expect(requestsTo(api, '/api/orders/create-pi')).toEqual([
      {
        method: 'POST',
        url: '/api/orders/create-pi',
        authorization: `Bearer ${TEST_TOKEN}`,
      },
    ]);
    expect(callsTo(api, '/api/orders/create-pi')).toEqual([{ cart: [line] }]);
    // Still editable.
    const user = userEvent.setup();
    await user.clear(email);
    await user.type(email, 'ada.work@example.com');
    expect(email.value).toBe('ada.work@example.com');
  });

  it('a guest still uses create-pi-guest without a token, and an empty email field', async () => {
    useBagStore.setState({ lines: [bagLine()] });
    const api = fakeApi();
    renderWithProviders(<CheckoutView />);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');
    await waitFor(() => expect(requestsTo(api, '/api/orders/create-pi-guest')).toHaveLength(1));
    expect(requestsTo(api, '/api/orders/create-pi-guest')[0]!.authorization).toBeNull();
  });

  it('after the purchase: the customer record is refreshed and the bag read again from the server, which took the bought lines out', async () => {
    let bought = false;
    const line = bagLine({ quantity: 2 });
    const { api } = await signedInWithBag(
      {
        // The server's bag: the line until the order exists, which takes it out (orders.service).
        'GET /api/cart/': () => ({ json: [serverCart(bought ? [] : [line])] }),
        'POST /api/orders': () => {
          bought = true;
          return { json: orderView(464) };
        },
      },
      line,
    );
    renderWithProviders(
      <SuccessView paymentIntentId="pi_2" clientSecret={SECRET} failed={false} />,
      '/success',
    );
    expect(await screen.findByText('Thank You For Your Purchase!')).toBeTruthy();
    await waitFor(() => expect(useBagStore.getState().lines).toEqual([]));
    const sub = encodeURIComponent(TEST_USER.sub);
    await waitFor(() =>
      expect(requestsTo(api, '/api/customers/')).toEqual([
        { method: 'GET', url: `/api/customers/${sub}`, authorization: `Bearer ${TEST_TOKEN}` },
      ]),
    );
    // Nothing is deleted: a line added in another tab since checkout began would stay on the server.
    expect(requestsTo(api, '/api/cart/cart_1')).toEqual([]);
  });

  it('a failed customer refresh is an error toast; the receipt stays', async () => {
    await signedInWithBag({
      'POST /api/orders': () => ({ json: orderView(0) }),
      'GET /api/customers/': () => ({
        status: 503,
        json: { code: 'auth_unavailable', message: 'Sign-in is unavailable right now.' },
      }),
    });
    const { container } = renderWithProviders(
      <SuccessView paymentIntentId="pi_2" clientSecret={SECRET} failed={false} />,
      '/success',
    );
    expect(await screen.findByText('Thank You For Your Purchase!')).toBeTruthy();
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        'Sign-in is unavailable right now.',
      ),
    );
    expect(container.textContent).toContain('Thank You For Your Purchase!');
  });

  it('a guest purchase asks for no customer record and deletes no server bag', async () => {
    useBagStore.setState({ lines: [bagLine()] });
    const api = fakeApi({ 'POST /api/orders': () => ({ json: orderView(464) }) });
    renderWithProviders(
      <SuccessView paymentIntentId="pi_1" clientSecret={SECRET} failed={false} />,
      '/success',
    );
    expect(await screen.findByText('Thank You For Your Purchase!')).toBeTruthy();
    await waitFor(() => expect(useBagStore.getState().lines).toEqual([]));
    expect(requestsTo(api, '/api/customers/')).toEqual([]);
    expect(requestsTo(api, '/api/cart')).toEqual([]);
  });
});
