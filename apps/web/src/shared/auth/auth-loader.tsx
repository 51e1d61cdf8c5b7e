import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { AuthConfiguration } from '@sunward/core/schemas';
import { configurationQuery } from '@/shared/api/catalog/get-configuration.ts';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { paths } from '@/shared/paths.ts';
import { STORED_USER_PREFIX, useAuthStore } from './auth-store.ts';

/** When the library cannot load (offline, a new deployment): sign-in is unavailable, the page stays. */
function Unavailable() {
  useEffect(() => useAuthStore.setState({ status: 'unavailable' }), []);
  return null;
}

const AuthRuntime = lazy((): Promise<{ default: ComponentType<{ config: AuthConfiguration }> }> =>
  import('./auth-runtime.tsx').catch(() => ({ default: Unavailable })),
);

/** Pages that need sign-in at once: the account area and the login callback. */
export const needsAuthAtOnce = (pathname: string): boolean =>
  pathname === paths.callback.href() ||
  pathname === paths.account.href() ||
  pathname.startsWith(`${paths.account.href()}/`);

/**
 * Loads the auth library (oidc-client-ts and react-oidc-context, about 21 KB gzip) only where it is
 * needed and never before the page: on the account pages and /callback, when this browser holds a
 * sign-in (to show Account and renew its tokens), and when an action needs it (Sign In). A visitor who
 * never signed in here sees Sign In at once and downloads none of it. Until it has loaded for a stored
 * sign-in, the store says `loading` and the header shows nothing for auth.
 */
export function AuthLoader() {
  const { pathname } = useLocation();
  const atOnce = needsAuthAtOnce(pathname);
  const wanted = useAuthStore((s) => s.wanted);
  const configuration = useQuery(configurationQuery);
  // A prerendered page hydrates as the server rendered it (without the library), then loads it.
  const hydrated = useHydrated();

  // Once loaded, the library stays for the rest of the visit.
  useEffect(() => {
    if (atOnce && !wanted) useAuthStore.setState({ wanted: true });
  }, [atOnce, wanted]);
  // Signed in from another tab: load it here too.
  useEffect(() => {
    if (wanted) return undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.newValue && event.key?.startsWith(STORED_USER_PREFIX)) {
        useAuthStore.setState({ wanted: true, status: 'loading' });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [wanted]);
  useEffect(() => {
    if ((wanted || atOnce) && configuration.isError && !configuration.data) {
      useAuthStore.setState({ status: 'unavailable' });
    }
  }, [wanted, atOnce, configuration.isError, configuration.data]);

  if (!hydrated || !(wanted || atOnce) || !configuration.data) return null;
  return (
    <Suspense fallback={null}>
      <AuthRuntime config={configuration.data.auth} />
    </Suspense>
  );
}
