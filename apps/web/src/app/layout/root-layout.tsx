import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useProducts } from '@/shared/api/catalog/get-products.ts';
import { logError } from '@/shared/api/log-error.ts';
import { listenToOtherTabs, useBagStore } from '@/shared/bag/bag-store.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { Toaster } from '@/shared/toast/toaster.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { AppHeader } from './app-header.tsx';
import { AppFooter } from './app-footer.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { StartupScreen } from './startup-screen.tsx';
import { useRouteChangeEffects } from './use-route-change-effects.ts';
import './root-layout.css';

/** The shell: start-up screen until the catalogue is loaded, then header, page, footer and toasts. */
export function RootLayout() {
  const products = useProducts();
  const { pathname } = useLocation();
  useRouteChangeEffects();

  useEffect(() => listenToOtherTabs(), []);
  useEffect(() => {
    if (products.data) useBagStore.getState().reconcile(products.data);
  }, [products.data]);
  useEffect(() => {
    if (!products.error) return;
    toast.error(products.error.message, { id: 'products-error' });
    logError(products.error, 'products');
  }, [products.error]);

  return (
    <>
      <PageTitle />
      <Toaster />
      {products.isPending ? (
        <StartupScreen />
      ) : (
        <div className="shell">
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <AppHeader />
          <main id="main" className="shell__main" tabIndex={-1}>
            <ErrorBoundary resetKey={pathname}>
              <Suspense
                fallback={<div className="page-loading" role="status" aria-label="Loading" />}
              >
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
          <AppFooter />
        </div>
      )}
    </>
  );
}
