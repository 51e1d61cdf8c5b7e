import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '@/shared/api/http.ts';
import { SIGN_IN_AGAIN } from '@/shared/api/authorized.ts';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { useAdminSession } from '@/shared/console/admin-session.ts';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { ConsoleForbidden } from './console-forbidden.tsx';
import { ConsoleFrame } from './console-frame.tsx';
import { RequireSignIn } from './require-sign-in.tsx';
import './console-layout.css';

/**
 * The operator console (/admin/*), in a chunk of its own: shoppers never download it, and it never
 * waits for the shop's catalogue. Signed out, the shop's sign-in starts and comes back to the same
 * URL (RequireSignIn, as /account does); signed in, the server decides (GET /api/admin/session): an
 * operator gets the console, a customer the 403 page.
 */
export default function ConsoleLayout() {
  return (
    <RequireSignIn frame={loading}>
      <ConsoleGate />
    </RequireSignIn>
  );
}

const loading = (label: string) => (
  <div className="page-loading" role="status" aria-label={label} />
);

function ConsoleGate() {
  const user = useAuthStore((s) => s.user);
  const session = useAdminSession(user?.sub ?? '');

  if (session.data) return <ConsoleFrame operator={session.data} />;
  if (session.isPending) return loading('Checking your access');
  const error = session.error;
  if (error instanceof ApiError && error.status === 403) {
    return <ConsoleForbidden email={user?.email ?? ''} />;
  }
  if (error instanceof ApiError && error.status === 401) return <SignInAgain />;
  return (
    <main id="main" className="console-gate">
      <ConsoleError
        title="The console could not be opened."
        error={error}
        onRetry={() => void session.refetch()}
        retrying={session.isFetching}
      />
    </main>
  );
}

/** How long an automatic new sign-in counts as recent (then the button, not a loop). */
const RECENT_MS = 2 * 60_000;
const REAUTH_KEY = 'console:reauth';

/**
 * 401 although the browser holds a sign-in (its tokens expired or were revoked): a new sign-in starts
 * by itself and comes back here, once; if the server refuses the new one too, the button instead of a
 * loop of redirects.
 */
function SignInAgain() {
  const { pathname, search } = useLocation();
  const signIn = useAuthStore((s) => s.actions.signIn);
  const started = useRef(false);
  const recent = Number(sessionStorage.getItem(REAUTH_KEY) ?? 0) > Date.now() - RECENT_MS;

  useEffect(() => {
    if (recent || started.current) return;
    started.current = true;
    sessionStorage.setItem(REAUTH_KEY, String(Date.now()));
    void signIn(pathname + search);
  }, [recent, signIn, pathname, search]);

  if (!recent || started.current) return loading('Taking you to sign in');
  return (
    <main id="main" className="console-gate status-page">
      <h1>Please sign in again</h1>
      <p>{SIGN_IN_AGAIN}</p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => {
          sessionStorage.setItem(REAUTH_KEY, String(Date.now()));
          void signIn(pathname + search);
        }}
      >
        Sign In Again
      </button>
    </main>
  );
}
