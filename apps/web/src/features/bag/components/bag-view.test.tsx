import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { CART_STORAGE_KEY } from '@/shared/bag/bag-storage.ts';
import { LOGIN_TIME_KEY } from '@/shared/bag/login-time.ts';
import { createCartLine, createProduct } from '@/test/factories.ts';
import { errorResponse, fakeCartApi, serverCart, signInAs } from '@/test/fake-cart-api.ts';
import { mockApi, renderWithProviders } from '@/test/render.tsx';
import { BagView } from './bag-view.tsx';

async function seedBag(...lines: ReturnType<typeof createCartLine>[]) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  await useBagStore.getState().hydrate();
}

async function renderBag() {
  mockApi();
  const user = userEvent.setup();
  renderWithProviders(<BagView />, { route: '/bag' });
  await screen.findByRole('heading', { name: 'Shopping Bag' });
  return user;
}

/** Signed in (a later load of the session), with these lines in the server's bag. */
async function renderSignedInBag(lines: Parameters<typeof serverCart>[0]) {
  sessionStorage.setItem(LOGIN_TIME_KEY, '2025-06-01T12:00:00.000Z');
  const api = fakeCartApi(serverCart(lines), mockApi());
  act(() => void signInAs());
  await act(() => useBagStore.getState().hydrate());
  const user = userEvent.setup();
  renderWithProviders(<BagView />, { route: '/bag' });
  return { user, api };
}

describe('BagView', () => {
  it('shows the empty state with a Browse Designs link', async () => {
    await renderBag();
    expect(await screen.findByText('Your Shopping Bag is Empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Designs' }).getAttribute('href')).toBe(
      '/designs',
    );
  });

  it('shows no empty state while it is not known yet whose bag it is', async () => {
    act(() => useAuthStore.setState({ status: 'loading' }));
    await renderBag();
    expect(screen.queryByText('Your Shopping Bag is Empty')).toBeNull();
    act(() => useAuthStore.setState({ status: 'signedOut' }));
    expect(await screen.findByText('Your Shopping Bag is Empty')).toBeTruthy();
  });

  it('lists lines with size, placement, catalogue price, and the subtotal', async () => {
    // A stale stored price (100) is ignored: prices come from the catalogue ($45.00).
    await seedBag(
      createCartLine({ design: 'alaska', size: 'lgs', quantity: 2, productCost: 100 }),
      createCartLine({ design: 'key-west', size: 'xxlr', position: 'Back' }),
    );
    await renderBag();
    const items = await screen.findAllByRole('listitem');
    const alaska = items.find((li) => within(li).queryByRole('heading', { name: 'Alaska' }))!;
    expect(within(alaska).getByText('Front (logo on neck)')).toBeTruthy();
    expect(within(alaska).getByText('$45.00')).toBeTruthy();
    expect(within(alaska).getByText('$90.00')).toBeTruthy();
    expect(screen.getByText('Back (logo on left chest)')).toBeTruthy();
    expect(screen.getByText('$135.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('shows how far the bag is from free shipping, then that it is reached', async () => {
    await seedBag(createCartLine({ quantity: 1 }));
    const user = await renderBag();
    expect(await screen.findByText('Your $55.00 Away')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: /Qty for Alaska/ }), '3');
    expect(screen.queryByText(/Away/)).toBeNull();
    expect(screen.getByText('You have FREE SHIPPING!')).toBeTruthy();
    expect(screen.getByText('$135.00', { selector: 'strong' })).toBeTruthy();
  });

  it('changes a quantity and removes a line, down to the empty state', async () => {
    await seedBag(createCartLine({ design: 'arizona', quantity: 2 }));
    const user = await renderBag();
    await user.selectOptions(await screen.findByRole('combobox', { name: /Qty for Arizona/ }), '5');
    expect(useBagStore.getState().lines[0]!.quantity).toBe(5);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)[0].quantity).toBe(5);
    await user.click(screen.getByRole('button', { name: /remove from bag/ }));
    expect(await screen.findByText('Your Shopping Bag is Empty')).toBeTruthy();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('signed in: a quantity goes to the server and shows once it answers; a failed remove keeps the line', async () => {
    const { user, api } = await renderSignedInBag([
      createCartLine({ design: 'arizona', quantity: 2 }),
    ]);
    const qty = await screen.findByRole<HTMLSelectElement>('combobox', { name: /Qty for Arizona/ });
    await user.selectOptions(qty, '4');
    await vi.waitFor(() => expect(qty.value).toBe('4'));
    expect(api.callsTo('PATCH', '/api/cart/quantity/cart_1/')).toHaveLength(1);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();

    api.fail('PATCH', '/api/cart/cart_1', errorResponse(500, 'Could not remove that shirt.'));
    await user.click(screen.getByRole('button', { name: /remove from bag/ }));
    expect(await screen.findByText('Could not remove that shirt.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Qty for Arizona/ })).toBeTruthy();
    expect(screen.queryByText('Your Shopping Bag is Empty')).toBeNull();
  });

  it('opens the size guide in a modal', async () => {
    await seedBag(createCartLine());
    const user = await renderBag();
    await user.click(await screen.findByRole('button', { name: 'Size Guide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Size Guide' });
    expect(within(dialog).getByText('Shirt dimensions are in inches')).toBeTruthy();
    expect(within(dialog).getAllByRole('row')).toHaveLength(12);
  });

  it('shows the measurements operators keep in the catalogue', async () => {
    await seedBag(createCartLine());
    const product = createProduct();
    product.sizeGuide = product.sizeGuide.map((m) =>
      m.size === 'xxlr' ? { ...m, width: 25.5, length: 31.25, sleeve: 9.75 } : m,
    );
    mockApi({ products: [product] });
    const user = userEvent.setup();
    renderWithProviders(<BagView />, { route: '/bag' });
    await user.click(await screen.findByRole('button', { name: 'Size Guide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Size Guide' });
    const regular = within(dialog).getByRole('table', { name: /Regular/ });
    const xxl = within(regular).getByRole('row', { name: /XXL/ });
    expect(
      within(xxl)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['25.5', '31.25', '9.75']);
    const md = within(regular).getByRole('row', { name: /MD/ });
    expect(
      within(md)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['16', '27', '8']);
  });
});
