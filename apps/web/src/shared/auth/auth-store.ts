import { create } from 'zustand';

/** Who is signed in, from the ID token's claims. */
export interface AuthUser {
  sub: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

/** A sign-in that did not complete (spec 8): the error's code and the message the shopper sees. */
export interface AuthFailure {
  code: string;
  message: string;
}

/** What the rest of the app asks of sign-in; set once the auth library has loaded. */
export interface AuthActions {
  /** Starts the hosted login; after it the shopper lands on `returnTo`. */
  signIn: (returnTo: string) => Promise<void>;
  /** Ends the session at the provider (RP-initiated logout) and comes back to the shop's home. */
  signOut: () => Promise<void>;
  /** Renews the tokens now (new ID token claims, e.g. email_verified after verification). */
  refresh: () => Promise<void>;
  /** The API access token (renewed first when it has expired), or null when signed out. */
  accessToken: () => Promise<string | null>;
  /**
   * The API refused the access token (its sign-in was ended elsewhere: a password changed, an email
   * confirmed): renews it now. Null when the provider refuses too; this browser is then signed out.
   */
  renew: () => Promise<string | null>;
  /** Forgets this browser's sign-in without going to the provider, which already ended it. */
  forget: () => Promise<void>;
}

/**
 * Spec 4, Auth: loading, then initialised with a user (signedIn) or without (signedOut); `unavailable`
 * when the library or the shop's configuration could not load. Without a stored sign-in the state is
 * known at once (signedOut) and needs no library.
 */
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut' | 'unavailable';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** The last sign-in failure (the callback page shows it). */
  failure: AuthFailure | null;
  /** The library's actions once it has loaded; before that, ones that load it first. */
  actions: AuthActions;
  /** The library is wanted (AuthLoader loads it): a stored sign-in, an auth page, or an action. */
  wanted: boolean;
  /** Logging out: on the way to the provider, nothing may start a new sign-in. */
  signingOut: boolean;
}

/** The key prefix of a stored sign-in (oidc-client-ts's user store, see auth-settings.ts). */
export const STORED_USER_PREFIX = 'oidc.user:';

/** Whether this browser holds a sign-in (any issuer): then the library is needed to tell its state. */
export function hasStoredSignIn(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i)?.startsWith(STORED_USER_PREFIX)) return true;
    }
  } catch {
    // Storage blocked: nobody is signed in here.
  }
  return false;
}

/** Resolves with the library's actions, loading it first. */
function loadedActions(): Promise<AuthActions> {
  return new Promise((resolve) => {
    const ready = (state: AuthState) => state.actions !== lazyActions;
    if (ready(useAuthStore.getState())) return resolve(useAuthStore.getState().actions);
    const stop = useAuthStore.subscribe((state) => {
      if (!ready(state)) return;
      stop();
      resolve(state.actions);
    });
    useAuthStore.setState({ wanted: true });
  });
}

/** The actions before the library has loaded: each loads it, then does its part. */
export const lazyActions: AuthActions = {
  signIn: (returnTo) => loadedActions().then((actions) => actions.signIn(returnTo)),
  signOut: () => loadedActions().then((actions) => actions.signOut()),
  refresh: () => loadedActions().then((actions) => actions.refresh()),
  accessToken: () =>
    hasStoredSignIn()
      ? loadedActions().then((actions) => actions.accessToken())
      : Promise.resolve(null),
  renew: () => loadedActions().then((actions) => actions.renew()),
  forget: () =>
    hasStoredSignIn() ? loadedActions().then((actions) => actions.forget()) : Promise.resolve(),
};

/** The state before the library has loaded: a browser without a stored sign-in is signed out. */
export function initialAuthState(): AuthState {
  const stored = hasStoredSignIn();
  return {
    status: stored ? 'loading' : 'signedOut',
    user: null,
    failure: null,
    actions: lazyActions,
    wanted: stored,
    signingOut: false,
  };
}

/**
 * The sign-in state the app reads. It is in the app chunk (zustand, no OIDC code). The library loads
 * only when wanted (auth-loader.tsx) and then fills this store (auth-runtime.tsx); a visitor who never
 * signed in on this browser gets Sign In at once and no auth library at all until they use it.
 */
export const useAuthStore = create<AuthState>()(initialAuthState);
