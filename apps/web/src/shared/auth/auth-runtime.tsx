import { useEffect, useRef, useState } from 'react';
import { AuthProvider, hasAuthParams, useAuth } from 'react-oidc-context';
import { useNavigate } from 'react-router';
import { ErrorResponse, type User } from 'oidc-client-ts';
import type { AuthConfiguration } from '@sunward/core/schemas';
import { paths } from '@/shared/paths.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { authFailure, GET_ACCESS_TOKEN_FAILED } from './auth-errors.ts';
import { authSettings } from './auth-settings.ts';
import {
  lazyActions,
  useAuthStore,
  type AuthActions,
  type AuthFailure,
  type AuthUser,
} from './auth-store.ts';
import { checkIdToken } from './id-token-checks.ts';
import { TabSafeUserManager } from './tab-safe-user-manager.ts';

/** Where a sign-in returns to: the page it was started from (signIn's returnTo), else /account. */
interface SignInState {
  returnTo?: string;
}

const returnToOf = (user: User | void): string => {
  const returnTo = (user?.state as SignInState | undefined)?.returnTo;
  // Only a path of this shop (never another origin).
  return returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : paths.account.href();
};

const toAuthUser = (user: User): AuthUser => ({
  sub: user.profile.sub,
  name: typeof user.profile.name === 'string' ? user.profile.name : '',
  email: typeof user.profile.email === 'string' ? user.profile.email : '',
  emailVerified: user.profile.email_verified === true,
});

const isCallbackPage = () => location.pathname === paths.callback.href();

/** Whether login transactions other than the one that failed are stored (state mismatch). */
async function hasOtherTransactions(manager: TabSafeUserManager): Promise<boolean> {
  const keys = await manager.settings.stateStore.getAllKeys();
  return keys.some((key) => !key.startsWith('user:'));
}

function fail(failure: AuthFailure) {
  useAuthStore.setState({ failure });
  toast.error(failure.message, { id: 'auth-error' });
}

/**
 * The auth library, loaded beside the page (auth-loader.tsx): react-oidc-context's provider over
 * oidc-client-ts, and a bridge that publishes its state to the app's auth store. On /callback the
 * provider completes the sign-in; the ID token is checked, and the shopper goes where the sign-in
 * started (replacing /callback in the history). Failures become the spec's messages as error toasts,
 * and the callback page tells what happened.
 */
export default function AuthRuntime({ config }: { config: AuthConfiguration }) {
  const navigate = useNavigate();
  const [manager] = useState(() => new TabSafeUserManager(authSettings(config, location.origin)));
  const [onCallbackPage] = useState(isCallbackPage);
  return (
    <AuthProvider
      userManager={manager}
      skipSigninCallback={!onCallbackPage}
      onSigninCallback={async (user) => {
        try {
          checkIdToken(user?.profile ?? {}, config);
        } catch (error) {
          await manager.removeUser();
          throw error;
        }
        void navigate(returnToOf(user), { replace: true });
      }}
    >
      <AuthBridge manager={manager} onCallbackPage={onCallbackPage} />
    </AuthProvider>
  );
}

function AuthBridge({
  manager,
  onCallbackPage,
}: {
  manager: TabSafeUserManager;
  onCallbackPage: boolean;
}) {
  const auth = useAuth();
  const renewing = useRef<Promise<unknown> | null>(null);
  const [renewTried, setRenewTried] = useState(false);

  // The actions the app calls (header, /account, the callback page, later the API client).
  useEffect(() => {
    // A renewal the provider refuses (the sign-in was ended: a password changed, an email confirmed,
    // issue 23) signs this browser out; one that could not reach it (offline, a timeout) does not.
    const renewOrEnd = async (): Promise<User | null> => {
      try {
        return await manager.renewNow();
      } catch (error) {
        if (error instanceof ErrorResponse) await manager.removeUser();
        return null;
      }
    };
    const actions: AuthActions = {
      signIn: async (returnTo) => {
        useAuthStore.setState({ failure: null });
        try {
          await manager.signinRedirect({ state: { returnTo } satisfies SignInState });
        } catch (error) {
          fail(authFailure(error));
        }
      },
      signOut: async () => {
        useAuthStore.setState({ signingOut: true });
        try {
          await manager.revokeTokens(['refresh_token']);
        } catch {
          // Logging out goes on: the provider ends the session and the grant with it.
        }
        try {
          // The audience is for sign-in only: the end-session URL gets no extra parameters.
          await manager.signoutRedirect({ extraQueryParams: {} });
        } catch (error) {
          // No end-session endpoint reachable: at least this browser forgets the shopper.
          await manager.removeUser();
          useAuthStore.setState({ signingOut: false });
          fail(authFailure(error, { fallback: 'Logout failed' }));
        }
      },
      refresh: async () => {
        await renewOrEnd();
      },
      accessToken: async () => {
        const user = await manager.getUser();
        if (!user) return null;
        if (!user.expired) return user.access_token;
        const renewed = await manager.signinSilent().catch(() => null);
        return renewed?.access_token ?? null;
      },
      renew: async () => (await renewOrEnd())?.access_token ?? null,
      forget: () => manager.removeUser(),
    };
    useAuthStore.setState({ actions });
    void manager.clearStaleState();
    const stopFollowing = manager.followOtherTabs();
    return () => {
      stopFollowing();
      useAuthStore.setState({ actions: lazyActions, status: 'loading' });
    };
  }, [manager]);

  // A failed background renewal: the grant is gone (revoked, expired); the shopper is signed out.
  useEffect(
    () =>
      manager.events.addSilentRenewError((error) => {
        const failure = authFailure(error, { fallback: GET_ACCESS_TOKEN_FAILED });
        if (failure.code !== 'timeout') void manager.removeUser();
        fail(failure);
      }),
    [manager],
  );

  // /callback without a sign-in response: no transaction to complete.
  useEffect(() => {
    if (onCallbackPage && !hasAuthParams()) {
      fail(authFailure(new Error('No state in response')));
    }
  }, [onCallbackPage]);

  // A failed sign-in callback (spec 4 and 8).
  const error = auth.error;
  useEffect(() => {
    if (!error || error.source !== 'signinCallback') return;
    void hasOtherTransactions(manager).then((otherTransactions) =>
      fail(authFailure(error.innerError ?? error, { otherTransactions })),
    );
  }, [error, manager]);

  // Back after the access token expired (a closed tab, a sleeping laptop): renew once, quietly.
  const { user, isLoading } = auth;
  const expired = Boolean(user?.expired && user.refresh_token);
  useEffect(() => {
    if (isLoading || !expired || renewing.current) return;
    renewing.current = manager
      .signinSilent()
      .catch(() => manager.removeUser())
      .finally(() => setRenewTried(true));
  }, [expired, isLoading, manager]);

  useEffect(() => {
    const signedIn = Boolean(user && !user.expired);
    useAuthStore.setState({
      status:
        isLoading || (expired && !renewTried) ? 'loading' : signedIn ? 'signedIn' : 'signedOut',
      user: signedIn && user ? toAuthUser(user) : null,
    });
  }, [user, isLoading, expired, renewTried]);

  return null;
}
