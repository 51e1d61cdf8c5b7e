import { Link } from 'react-router';
import { paths } from '@/shared/paths.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { LogOutButton } from './console-frame.tsx';

/**
 * The server said 403: signed in, but not an operator. Plainly so, with who is signed in (another
 * account may be the operator's), Log Out, and the way back to the shop. No console frame.
 */
export function ConsoleForbidden({ email }: { email: string }) {
  return (
    <main id="main" className="console-gate status-page">
      <PageTitle title="403 Operators only" />
      <p className="status-page__code" aria-hidden="true">
        403
      </p>
      <h1>Operators only</h1>
      <p>This is for the shop&apos;s operators only.</p>
      <p>
        You are signed in as <strong>{email}</strong>.
      </p>
      <div className="status-page__actions">
        <LogOutButton />
        <Link to={paths.home.href()} className="btn btn--primary">
          Back to the shop
        </Link>
      </div>
    </main>
  );
}
