/**
 * The login client's constants (spec 9). The ID-token leeway applies to our own ID-token checks
 * (id-token-checks.ts): oidc-client-ts takes the tokens straight from the token endpoint over TLS and
 * checks no times itself.
 */
export const AUTH_HTTP_TIMEOUT_SECONDS = 10;
export const ID_TOKEN_LEEWAY_SECONDS = 60;
/** A login transaction (state, PKCE verifier) is kept this long, then cleared as stale. */
export const LOGIN_TRANSACTION_SECONDS = 24 * 60 * 60;
/**
 * The spec's default scope 'openid profile email', and offline_access for a refresh token: Auth0 issues
 * one only for it; the built-in provider gives its first-party client one anyway and ignores the scope
 * (decision 011).
 */
export const AUTH_SCOPE = 'openid profile email offline_access';
/** How long a tab waits for another tab's token renewal (spec 9: 5000 ms, up to 10 tries). */
export const RENEW_LOCK_TIMEOUT_MS = 5000 * 10;
export const RENEW_LOCK_NAME = 'sunward-auth-renew';
