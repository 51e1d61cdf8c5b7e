import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import type { AuthConfiguration } from '@sunward/core/schemas';
import { paths } from '@/shared/paths.ts';
import {
  AUTH_HTTP_TIMEOUT_SECONDS,
  AUTH_SCOPE,
  LOGIN_TRANSACTION_SECONDS,
} from './auth-constants.ts';

/**
 * oidc-client-ts's settings from the shop's configuration (GET /api/configuration `auth`): the same
 * build signs in against the built-in provider or Auth0. Authorization code with PKCE (S256, the
 * library's default), Auth0's `audience` parameter so the access token is a JWT for the shop's API
 * (the built-in provider reads it too), refresh tokens renewed before the access token expires.
 *
 * Both stores are localStorage:
 * - the user (tokens and claims): the shopper stays signed in across tabs and after the browser
 *   restarts, as on any shop, until the refresh token ends (14 days on the built-in provider);
 *   sessionStorage would sign each new tab out (or need a silent iframe sign-in, which third-party
 *   cookie blocking breaks with an outside issuer) and gains nothing against XSS, which can read
 *   either. Tabs share one refresh token, so renewals are serialised (tab-safe-user-manager.ts);
 * - the login transaction (state, PKCE verifier): kept a day (spec 9), stale ones cleared at start.
 */
export function authSettings(config: AuthConfiguration, origin: string): UserManagerSettings {
  return {
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: origin + paths.callback.href(),
    silent_redirect_uri: origin + paths.silentRenew.href(),
    post_logout_redirect_uri: origin + paths.home.href(),
    response_type: 'code',
    scope: AUTH_SCOPE,
    extraQueryParams: { audience: config.audience },
    automaticSilentRenew: true,
    requestTimeoutInSeconds: AUTH_HTTP_TIMEOUT_SECONDS,
    silentRequestTimeoutInSeconds: AUTH_HTTP_TIMEOUT_SECONDS,
    staleStateAgeInSeconds: LOGIN_TRANSACTION_SECONDS,
    userStore: new WebStorageStateStore({ store: localStorage }),
    stateStore: new WebStorageStateStore({ store: localStorage }),
    // Who signed in comes from the ID token (decision 011): no userinfo call, no session iframe.
    loadUserInfo: false,
    monitorSession: false,
    // Logging out revokes the refresh token first (Auth0 keeps it alive after logout otherwise).
    revokeTokenTypes: ['refresh_token'],
  };
}
