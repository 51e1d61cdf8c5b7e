import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { paths } from '@/shared/paths.ts';

/**
 * /user-verification-result?success=…&message=…: where the email verification link lands (spec 2).
 * success=true: 'Verification success', the message, Go To Account and Browse Designs; otherwise
 * 'Verification failed' and the message (an expired or reused link).
 */
export default function UserVerificationResultPage() {
  const [params] = useSearchParams();
  const success = params.get('success') === 'true';
  const message = params.get('message') ?? '';
  const title = success ? 'Verification success' : 'Verification failed';
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
