import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore, type AuthActions } from '@/shared/auth/auth-store.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { AccountSlot } from './account-slot.tsx';

const actions = (): AuthActions => ({
  signIn: vi.fn(async () => undefined),
  signOut: vi.fn(async () => undefined),
  refresh: vi.fn(async () => undefined),
  accessToken: vi.fn(async () => null),
  renew: vi.fn(async () => null),
  forget: vi.fn(async () => undefined),
});

afterEach(() => useAuthStore.setState(initialAuthState()));

/** The slot as the server renders it on the page at `location` (and the browser hydrates it). */
const prerendered = (location: string) =>
  renderToString(
    <StaticRouter location={location}>
      <AccountSlot />
    </StaticRouter>,
  );

describe('the header account slot (spec 2)', () => {
  it('shows nothing while auth loads: a hidden placeholder in Account’s place', () => {
    useAuthStore.setState({ status: 'loading' });
    const { container } = renderWithProviders(<AccountSlot />);
    const placeholder = container.querySelector('.header__signin--pending');
    expect(placeholder?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing when sign-in is unavailable', () => {
    useAuthStore.setState({ status: 'unavailable' });
    const { container } = renderWithProviders(<AccountSlot />);
    expect(container.innerHTML).toBe('');
  });

  it('offers Sign In without the auth library when this browser holds no sign-in', () => {
    expect(initialAuthState().status).toBe('signedOut');
    renderWithProviders(<AccountSlot />);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('waits for the library when a sign-in is stored', () => {
    localStorage.setItem('oidc.user:https://shop.test/oidc:sunward-web', '{}');
    expect(initialAuthState()).toMatchObject({ status: 'loading', wanted: true });
  });

  it('Sign In starts the hosted login, returning to /account', async () => {
    const a = actions();
    useAuthStore.setState({ status: 'signedOut', actions: a });
    renderWithProviders(<AccountSlot />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(a.signIn).toHaveBeenCalledWith('/account');
  });

  it('shows Account, a link to /account, when signed in', () => {
    useAuthStore.setState({
      status: 'signedIn',
      user: { sub: 'acct_1', name: 'Riley', email: 'riley@example.com', emailVerified: true },
    });
    renderWithProviders(<AccountSlot />);
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it('switches from nothing to Sign In once auth has loaded', () => {
    useAuthStore.setState({ status: 'loading' });
    renderWithProviders(<AccountSlot />);
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    act(() => useAuthStore.setState({ status: 'signedOut' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('is a plain link to /account in a prerendered page, so a tap before hydration still signs in', () => {
    // Even with a stored sign-in: the server renders every page for a guest.
    useAuthStore.setState({ status: 'loading' });
    const html = prerendered('/designs');
    expect(html).toMatch(/^<a href="\/account" class="header__signin">/);
    expect(html).toContain('Sign In');
  });

  it('says Account on /account before hydration: right signed in, and signed out is on the way to sign in', () => {
    const html = prerendered('/account');
    expect(html).toMatch(/^<a href="\/account" class="header__signin">/);
    expect(html).toContain('Account');
    expect(html).not.toContain('Sign In');
  });
});
