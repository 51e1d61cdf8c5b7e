import { UserManager } from 'oidc-client-ts';

/**
 * /silent-renew in the hidden frame of a silent sign-in (`prompt=none`), the fallback oidc-client-ts
 * uses when there is no refresh token: hands the response to the parent window and renders nothing.
 * The frame's own settings do not matter; the parent checks the response against its transaction.
 */
export function finishSilentRenew(): Promise<void> {
  return new UserManager({
    authority: location.origin,
    client_id: '-',
    redirect_uri: '-',
    automaticSilentRenew: false,
  })
    .signinSilentCallback()
    .catch(() => undefined);
}
