import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callsTo,
  createOrder,
  createUser,
  fakeApi,
  renderAccount,
  signIn,
  signOutOfStore,
} from '../test/account-test-utils.tsx';
import { AccountView } from './account-view.tsx';

afterEach(signOutOfStore);

function renderView(user = createUser()) {
  const actions = signIn(user);
  renderAccount(<AccountView user={user} onLogOut={actions.signOut} onRefresh={actions.refresh} />);
}

describe('/account (spec 2)', () => {
  it('shows the account and its order history once the email is verified', async () => {
    const order = createOrder();
    fakeApi({
      'GET /api/customers/usr_riley/orders': () => ({
        json: { orders: [order], nextCursor: null },
      }),
    });
    renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Order History' })).toBeTruthy();
    expect(await screen.findByText(order.orderNumber)).toBeTruthy();
  });

  it('asks for no orders while the email is not verified', async () => {
    const api = fakeApi();
    renderView(createUser({ emailVerified: false }));
    await waitFor(() => expect(callsTo(api, 'GET', '/api/configuration')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Order History' })).toBeNull();
    expect(callsTo(api, 'GET', '/api/customers/')).toHaveLength(0);
  });
});
