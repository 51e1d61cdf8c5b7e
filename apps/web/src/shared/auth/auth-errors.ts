import type { AuthFailure } from './auth-store.ts';

/** The spec's default messages (section 8). */
export const LOGIN_FAILED = 'Login failed';
export const GET_ACCESS_TOKEN_FAILED = 'Get access token failed';
export const INVALID_STATE = 'Invalid state';
export const TIMEOUT = 'Timeout';

/** oidc-client-ts's messages when the response's state has no stored login transaction. */
const NO_TRANSACTION = ['No matching state found in storage', 'No state in response'];

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/**
 * What a sign-in error means for the shopper (spec 4 and 8), told apart by the library's error names
 * (no import of the library: this runs in the page's chunk too):
 * - no stored transaction: `missing_transaction`, or `state_mismatch` when other transactions are
 *   stored (the response belongs to none of them); both read 'Invalid state';
 * - an error the provider returned (`login_required`, `access_denied`...): its description;
 * - a request that took longer than the 10 s timeout: 'Timeout';
 * - anything else: `fallback` ('Login failed', or 'Get access token failed' for a renewal).
 */
export function authFailure(
  error: unknown,
  { otherTransactions = false, fallback = LOGIN_FAILED } = {},
): AuthFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  if (e.name === 'ErrorResponse' && typeof e.error === 'string') {
    const description = typeof e.error_description === 'string' ? e.error_description : '';
    return { code: e.error, message: description || e.error };
  }
  if (e.name === 'ErrorTimeout') return { code: 'timeout', message: TIMEOUT };
  if (typeof e.message === 'string' && NO_TRANSACTION.includes(e.message)) {
    return {
      code: otherTransactions ? 'state_mismatch' : 'missing_transaction',
      message: INVALID_STATE,
    };
  }
  if (e.name === 'IdTokenError' && typeof e.message === 'string') {
    return { code: 'invalid_id_token', message: e.message };
  }
  return { code: 'login_failed', message: fallback };
}
