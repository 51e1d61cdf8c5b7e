import { Link } from 'react-router';
import { useAuthStore, type AuthFailure } from '@/shared/auth/auth-store.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { paths } from '@/shared/paths.ts';

/** What each failure means for the shopper, under the spec's message (spec 8). */
function explanation(failure: AuthFailure): string {
  switch (failure.code) {
    case 'missing_transaction':
    case 'state_mismatch':
      return 'This sign-in was already completed, has expired, or was started in another browser. Please sign in again.';
    case 'login_required':
      return 'You need to sign in again.';
    case 'timeout':
      return 'The sign-in service did not answer in time. Please try again.';
    case 'access_denied':
      return 'Sign-in was cancelled or refused.';
    default:
      return 'Something went wrong while signing you in. Please try again.';
  }
}

/**
 * /callback: where the identity provider sends the shopper back after the hosted login (spec 4, login
 * redirect callback). The auth runtime completes the sign-in and moves on to the page it started from;
 * until then this says so, and if it fails (the error toast carries the spec's message) it tells what
 * happened with a way back: never a blank page.
 */
export default function CallbackPage() {
  const failure = useAuthStore((s) => s.failure);
  const status = useAuthStore((s) => s.status);
  const signIn = useAuthStore((s) => s.actions.signIn);

  if (!failure) {
    return (
      <div className="page container status-page" role="status">
        <PageTitle title="Signing in" />
        <h1>{status === 'signedIn' ? 'Signed in' : 'Signing you in…'}</h1>
        <p>One moment while we finish signing you in.</p>
      </div>
    );
  }
  return (
    <div className="page container status-page">
      <PageTitle title="Sign-in problem" />
      <h1>We couldn&apos;t sign you in</h1>
      <p className="callback__message">
        <strong>{failure.message}</strong>
      </p>
      <p>{explanation(failure)}</p>
      <div className="status-page__actions">
        <Link to={paths.home.href()} className="btn btn--outline">
          Back Home
        </Link>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void signIn(paths.account.href())}
        >
          Sign In Again
        </button>
      </div>
    </div>
  );
}
