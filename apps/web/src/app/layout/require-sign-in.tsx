import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';

/**
 * Renders its page for a signed-in shopper only. Signed out, it starts the hosted login, which comes
 * back to this page (spec 2); while auth loads, and on the way to the login, the page's `frame`. The
 * page arrives as that frame (decision 054): the sign-in is this browser's, known once the app has
 * hydrated. If sign-in cannot load, it says so.
 */
export function RequireSignIn({
  children,
  frame,
}: {
  children: ReactNode;
  frame: (label: string) => ReactNode;
}) {
  const { pathname, search } = useLocation();
  const known = useHydrated();
  const status = useAuthStore((s) => s.status);
  const signIn = useAuthStore((s) => s.actions.signIn);
  const signingOut = useAuthStore((s) => s.signingOut);

  // Once per page: the redirect is under way while the library settles its state.
  const started = useRef('');
  useEffect(() => {
    const here = pathname + search;
    if (status !== 'signedOut' || signingOut || started.current === here) return;
    started.current = here;
    void signIn(here);
  }, [status, signingOut, signIn, pathname, search]);

  if (!known) return frame('Loading');
  if (status === 'signedIn') return children;
  if (status === 'unavailable') {
    return (
      <div className="page container status-page">
        <h1>Sign-in is unavailable</h1>
        <p>We could not reach the sign-in service. Please try again in a moment.</p>
      </div>
    );
  }
  return frame(status === 'signedOut' ? 'Taking you to sign in' : 'Loading');
}
