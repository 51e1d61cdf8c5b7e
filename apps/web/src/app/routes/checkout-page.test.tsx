import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { LOGIN_TIME_KEY } from '@/shared/bag/login-time.ts';
import { fakeCartApi, serverCart, signInAs } from '@/test/fake-cart-api.ts';
import CheckoutPage from './checkout-page.tsx';

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/checkout" element={<CheckoutPage />} />
          <Route path="/bag" element={<p>The bag page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/checkout and the bag', () => {
  it('an empty guest bag goes back to /bag', () => {
    renderAt('/checkout');
    expect(screen.getByText('The bag page')).toBeTruthy();
  });

  it('waits while sign-in and the signed-in bag load, then goes to /bag only if that bag is empty', async () => {
    sessionStorage.setItem(LOGIN_TIME_KEY, '2025-06-01T12:00:00.000Z');
    fakeCartApi(serverCart([]));
    act(() => useAuthStore.setState({ status: 'loading' }));
    renderAt('/checkout');
    // The page's frame (decision 054) while the bag is not known: its title over a skeleton.
    const frame = () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
      expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
      expect(screen.queryByText('The bag page')).toBeNull();
    };
    frame();
    act(() => void signInAs());
    frame();
    expect(await screen.findByText('The bag page')).toBeTruthy();
  });
});
