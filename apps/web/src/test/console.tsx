/** Test helpers for console pages: a signed-in operator (or customer) and a render at a console URL. */
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@/shared/auth/auth-store.ts';
import type { AdminSession } from '@/shared/console/admin-session.ts';
import { fakeApi, type Answer } from './fake-api.ts';
import { Landing } from './landing.tsx';
import { renderWithProviders } from './render.tsx';

export const OPERATOR_TOKEN = 'operator-token-1';

export const operatorUser = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  sub: 'cus_olivia',
  name: 'Olivia Operator',
  email: 'olivia@sunward.test',
  emailVerified: true,
  ...overrides,
});

/** What GET /api/admin/session answers for `operatorUser()`. */
export const operatorSession = (overrides: Partial<AdminSession> = {}): AdminSession => ({
  customerId: 'cus_olivia',
  email: 'olivia@sunward.test',
  name: 'Olivia Operator',
  ...overrides,
});

/** Signs `user` in (the auth store as the library leaves it, with a token); returns the actions. */
export function signInAs(user: AuthUser = operatorUser()) {
  const actions = {
    signIn: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    accessToken: vi.fn(async () => OPERATOR_TOKEN),
    renew: vi.fn(async () => null),
    forget: vi.fn(async () => undefined),
  };
  useAuthStore.setState({ status: 'signedIn', user, actions });
  return actions;
}

/**
 * Renders a console page at `route` (matched by `path`, a pattern), with any other URL showing where
 * a link or a navigation landed.
 */
export function renderConsolePage(
  ui: ReactElement,
  { route, path = route.split('?')[0]! }: { route: string; path?: string },
) {
  return renderWithProviders(
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={<Landing />} />
    </Routes>,
    { route },
  );
}

/**
 * The fake API for console tests: the configuration and these routes, and the signed-in shopper's
 * empty bag (the shop's bag follows every sign-in, the console's too).
 */
export function fakeConsoleApi(
  routes: Record<
    string,
    (call: { url: string; body: unknown; headers: Headers }) => Answer | Promise<Answer>
  > = {},
) {
  return fakeApi({ 'GET /api/cart/': () => ({ json: [] }), ...routes });
}
