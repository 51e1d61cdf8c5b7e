import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authFailure } from '@/shared/auth/auth-errors.ts';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { IdTokenError } from '@/shared/auth/id-token-checks.ts';
import { renderWithProviders } from '@/test/render.tsx';
import CallbackPage from './callback-page.tsx';

/** oidc-client-ts's errors, as the library makes them (class names are its markers). */
const errorResponse = (error: string, error_description?: string) =>
  Object.assign(new Error(error_description ?? error), {
    name: 'ErrorResponse',
    error,
    error_description,
  });
const timeout = () => Object.assign(new Error('Network timed out'), { name: 'ErrorTimeout' });

afterEach(() => useAuthStore.setState(initialAuthState()));

describe('the login callback failures (spec 4 and 8)', () => {
  it.each([
    [
      'a missing transaction',
      new Error('No matching state found in storage'),
      {},
      'missing_transaction',
      'Invalid state',
    ],
    [
      'a response without state',
      new Error('No state in response'),
      {},
      'missing_transaction',
      'Invalid state',
    ],
    [
      'a state mismatch',
      new Error('No matching state found in storage'),
      { otherTransactions: true },
      'state_mismatch',
      'Invalid state',
    ],
    [
      'a returned error',
      errorResponse('access_denied', 'The shopper cancelled'),
      {},
      'access_denied',
      'The shopper cancelled',
    ],
    [
      'login_required',
      errorResponse('login_required', 'End-User authentication is required'),
      {},
      'login_required',
      'End-User authentication is required',
    ],
    [
      'an error without description',
      errorResponse('server_error'),
      {},
      'server_error',
      'server_error',
    ],
    ['a timeout', timeout(), {}, 'timeout', 'Timeout'],
    [
      'an ID token for another issuer',
      new IdTokenError('Issuer (iss) claim mismatch in the ID token'),
      {},
      'invalid_id_token',
      'Issuer (iss) claim mismatch in the ID token',
    ],
    ['anything else', new TypeError('Failed to fetch'), {}, 'login_failed', 'Login failed'],
  ])('%s', (_name, error, context, code, message) => {
    expect(authFailure(error, context)).toEqual({ code, message });
  });

  it('a failed renewal defaults to Get access token failed', () => {
    expect(authFailure(new Error('?'), { fallback: 'Get access token failed' }).message).toBe(
      'Get access token failed',
    );
  });

  it('says it is signing in while the callback runs (never a blank page)', () => {
    useAuthStore.setState({ status: 'loading' });
    renderWithProviders(<CallbackPage />, { route: '/callback?code=x&state=y' });
    expect(screen.getByRole('heading', { name: 'Signing you in…' })).toBeTruthy();
  });

  it.each([
    ['missing_transaction', 'Invalid state', /already completed, has expired/],
    ['state_mismatch', 'Invalid state', /started in another browser/],
    ['login_required', 'End-User authentication is required', /sign in again/],
    ['timeout', 'Timeout', /did not answer in time/],
    ['access_denied', 'The shopper cancelled', /cancelled or refused/],
    ['login_failed', 'Login failed', /Something went wrong/],
  ])('shows %s with its message and a way back', (code, message, explanation) => {
    useAuthStore.setState({ status: 'signedOut', failure: { code, message } });
    renderWithProviders(<CallbackPage />, { route: '/callback' });
    expect(screen.getByRole('heading', { name: "We couldn't sign you in" })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByText(explanation)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Sign In Again' })).toBeTruthy();
  });
});
