/** Test helpers for the account page: a signed-in shopper, orders, and a fake API behind fetch. */
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { initialAuthState, useAuthStore, type AuthUser } from '@/shared/auth/auth-store.ts';
import { Landing } from '@/test/landing.tsx';
import { renderWithProviders } from '@/test/render.tsx';

export { createOrder } from '@/test/factories.ts';
export { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';

export const TOKEN = 'access-token-1';

export function createUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    sub: 'usr_riley',
    name: 'Riley Shore',
    email: 'riley@example.com',
    emailVerified: true,
    ...overrides,
  };
}

/** Signs the user in (the auth store as the library leaves it); returns the actions' spies. */
export function signIn(user: AuthUser = createUser()) {
  const actions = {
    signIn: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    accessToken: vi.fn(async () => TOKEN),
    renew: vi.fn(async () => null),
    forget: vi.fn(async () => undefined),
  };
  useAuthStore.setState({ status: 'signedIn', user, actions });
  return actions;
}

export const signOutOfStore = () => useAuthStore.setState(initialAuthState());

/** Renders the account page's parts on /account, with /support and /return showing what they got. */
export function renderAccount(ui: ReactElement) {
  return renderWithProviders(
    <Routes>
      <Route path="/account" element={ui} />
      <Route path="*" element={<Landing />} />
    </Routes>,
    { route: '/account' },
  );
}
