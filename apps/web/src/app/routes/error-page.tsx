import { Link } from 'react-router';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { paths } from '@/shared/paths.ts';

/** Spec 2, /error-page: the generic error page. */
export default function ErrorPage() {
  return (
    <div className="page container status-page">
      <PageTitle title="Something went wrong" />
      <h1>Something went wrong.</h1>
      <p>
        We couldn&apos;t finish that request. Please try again in a moment. If it keeps happening,
        our support team is happy to help.
      </p>
      <div className="status-page__actions">
        <Link to={paths.home.href()} className="btn btn--primary">
          Back Home
        </Link>
      </div>
    </div>
  );
}
