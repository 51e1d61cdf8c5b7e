import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from './error-boundary.tsx';
import './page-outlet.css';

/**
 * The page of an area: a rendering failure shows the error screen inside the area's layout (cleared on
 * the next navigation), and a page whose chunk is still loading shows a quiet placeholder.
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<div className="page-loading" role="status" aria-label="Loading" />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
