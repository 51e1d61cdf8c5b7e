import { paths } from '@/shared/paths.ts';
import { preloadPage } from './pages.ts';

/**
 * Starts the app: the first page's chunk and the app chunk (React, the router, the catalogue
 * requests) download side by side instead of one after the other. The first render waits for the
 * catalogue and the page (see start.tsx).
 */
export function boot(): void {
  if (location.pathname === paths.silentRenew.href()) {
    // The hidden frame of a silent sign-in: hand the answer to the parent, render nothing.
    void import('@/shared/auth/silent-renew.ts').then(({ finishSilentRenew }) =>
      finishSilentRenew(),
    );
    return;
  }
  const page = preloadPage(location.pathname);
  void import('./start.tsx').then(({ start }) => start(page));
}
