import { useEffect, useRef, useState } from 'react';
import type { AuthUser } from '@/shared/auth/auth-store.ts';
import './account-summary.css';

interface Props {
  user: AuthUser;
  onLogOut: () => Promise<void>;
  /** Renews the tokens, so a newly verified email shows as verified. */
  onRefresh: () => Promise<void>;
}

/**
 * Who is signed in (spec 2, Account): the name and email from the ID token and Log Out; with an email
 * not verified yet, the spec's 'Please verify' texts instead. The order history and Change Password
 * come with the account issue.
 */
export function AccountSummary({ user, onLogOut, onRefresh }: Props) {
  const [leaving, setLeaving] = useState(false);
  const refreshed = useRef(false);
  // The ID token from sign-in may predate the verification: renew once to read it again.
  useEffect(() => {
    if (user.emailVerified || refreshed.current) return;
    refreshed.current = true;
    void onRefresh();
  }, [user.emailVerified, onRefresh]);

  const logOut = () => {
    setLeaving(true);
    void onLogOut().finally(() => setLeaving(false));
  };
  const logOutButton = (
    <button type="button" className="btn btn--outline" onClick={logOut} disabled={leaving}>
      {leaving ? 'Logging Out…' : 'Log Out'}
    </button>
  );

  if (!user.emailVerified) {
    return (
      <section className="account-summary" aria-labelledby="account-heading">
        <h1 id="account-heading">Account Information</h1>
        <p>Please verify your email to view account information</p>
        <p className="account-summary__hint">Check your email for a verification link</p>
        {logOutButton}
      </section>
    );
  }
  return (
    <section className="account-summary" aria-labelledby="account-heading">
      <h1 id="account-heading">Account</h1>
      <dl className="account-summary__details">
        <div>
          <dt>Name</dt>
          <dd>{user.name || '—'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
      </dl>
      {logOutButton}
    </section>
  );
}
