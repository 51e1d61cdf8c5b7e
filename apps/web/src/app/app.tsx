import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './layout/error-boundary.tsx';
import { queryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';

/**
 * The app under a router: the browser's (App) or, when a page is prerendered, a static one at the
 * page's URL (src/prerender.tsx), so both render the same tree from the same route table.
 */
export function AppTree({
  client,
  router,
}: {
  client: QueryClient;
  router: (app: ReactNode) => ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      {router(
        // A failure in the shell itself; page failures are caught inside the shell.
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>,
      )}
    </QueryClientProvider>
  );
}

const browserRouter = (app: ReactNode) => <BrowserRouter>{app}</BrowserRouter>;

/**
 * Marks the document once the app has rendered or hydrated (`<html data-app="ready">`): until then a
 * prerendered page's links are plain links (decision 025). The browser journeys wait for it where
 * they test what the app does in place.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

export function App() {
  return (
    <>
      <AppReady />
      <AppTree client={queryClient} router={browserRouter} />
    </>
  );
}
