import { useLocation } from 'react-router';
import { AccountFrame } from './account-frame.tsx';
import { needsAuthAtOnce } from '@/shared/auth/auth-loader.tsx';
import { paths } from '@/shared/paths.ts';
import { PageOutlet } from './page-outlet.tsx';
import { RequireSignIn } from './require-sign-in.tsx';
import { StorefrontShell } from './storefront-shell.tsx';

/**
 * The account area (/account/* and the login callback): the storefront's header and footer, without
 * waiting for the catalogue. The account pages need sign-in (spec 2: an unauthenticated visitor is sent
 * to log in and comes back to the page); /callback is where that sign-in lands.
 */
export function AccountLayout() {
  const { pathname } = useLocation();
  const guarded = needsAuthAtOnce(pathname) && pathname !== paths.callback.href();
  return (
    <StorefrontShell>
      {guarded ? (
        <RequireSignIn frame={(label) => <AccountFrame label={label} />}>
          <PageOutlet />
        </RequireSignIn>
      ) : (
        <PageOutlet />
      )}
    </StorefrontShell>
  );
}
