import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { paths } from '@/shared/paths.ts';

/**
 * /user-verification-result?success=…&message=…: where the email verification link lands (spec 2).
 * success=true: 'Verification success', the message, Go To Account and Browse Designs; otherwise
 * 'Verification failed' and the message (an expired or reused link). Confirming an email ends every
 * sign-in of the account (issue 23), so a success forgets this browser's, if it had one: Go To Account
 * then signs in again with the one-time sign-in the confirmation gave this browser.
 */
export default function UserVerificationResultPage() {
  const [params] = useSearchParams();
  const success = params.get('success') === 'true';
  const message = params.get('message') ?? '';
  const title = success ? 'Verification success' : 'Verification failed';
  const forget = useAuthStore((state) => state.actions.forget);
  useEffect(() => {
    if (success) void forget();
  }, [success, forget]);
  return (
    <div className="page container status-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {message ? <p>{message}</p> : null}
      {success ? (
        <div className="status-page__actions">
          <Link to={paths.account.href()} className="btn btn--primary">
            Go To Account
          </Link>
          <Link to={paths.designs.href()} className="btn btn--outline">
            Browse Designs
          </Link>
        </div>
      ) : null}
    </div>
  );
}
