import { useEffect, useRef, useState } from 'react';
import type { AuthUser } from '@/shared/auth/auth-store.ts';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import { offersChangePassword } from '../api/change-password.ts';
import { ChangePassword } from './change-password.tsx';
import { ResendVerification } from './resend-verification.tsx';
import './account-summary.css';
import { EmailAddress } from '@/shared/ui/email-address.tsx';

interface Props {
  user: AuthUser;
  onLogOut: () => Promise<void>;
  /** Renews the tokens, so a newly verified email shows as verified. */
  onRefresh: () => Promise<void>;
}

/**
 * Who is signed in (spec 2, Account): the name and email, Change Password (the provider's password
 * accounts only) and Log Out; with an email not verified yet, the spec's 'Please verify' texts, a way
 * to send the link again, and Log out.
 */
export function AccountSummary({ user, onLogOut, onRefresh }: Props) {
  const { auth } = useConfiguration();
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
  const logOutButton = (label: string) => (
    <button type="button" className="btn btn--outline" onClick={logOut} disabled={leaving}>
      {leaving ? 'Logging Out…' : label}
    </button>
  );

  if (!user.emailVerified) {
    return (
      <section className="account-summary" aria-labelledby="account-heading">
        <h1 id="account-heading">Account Information</h1>
        <p>Please verify your email to view account information</p>
        <p className="account-summary__hint">Check your email for a verification link</p>
        {auth.resendVerification ? <ResendVerification url={auth.resendVerification.url} /> : null}
        {logOutButton('Log out')}
      </section>
    );
  }
  const changePassword = auth.changePassword;
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
          <dd>
            <EmailAddress email={user.email} />
          </dd>
        </div>
      </dl>
      <div className="account-summary__actions">
        {offersChangePassword(changePassword, user.sub) ? (
          <ChangePassword settings={changePassword} clientId={auth.clientId} email={user.email} />
        ) : null}
        {logOutButton('Log Out')}
      </div>
    </section>
  );
}
