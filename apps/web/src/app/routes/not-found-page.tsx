import { Link } from 'react-router';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { paths } from '@/shared/paths.ts';

export default function NotFoundPage() {
  return (
    <div className="page container status-page">
      <PageTitle title="Page not found" />
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1>This trail doesn&apos;t go anywhere</h1>
      <p>
        The page you are looking for has moved or never existed. Let&apos;s get you back outside.
      </p>
      <div className="status-page__actions">
        <Link to={paths.home.href()} className="btn btn--outline">
          Back Home
        </Link>
        <Link to={paths.designs.href()} className="btn btn--primary">
          Browse Designs
        </Link>
      </div>
    </div>
  );
}
