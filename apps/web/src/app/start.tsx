import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { matchPage } from './pages.ts';
import { startCatalogPrefetch } from './query-client.ts';

/**
 * Renders the app once the first page's chunk (`page`, started by the entry) is in and, in the shop's
 * area, the catalogue too, so the page appears whole (no placeholder, no layout shift). The account
 * area and the console do not wait for the catalogue. The render runs as a transition, which React
 * splits into short tasks.
 */
export function start(page: Promise<void>): void {
  const waitsForCatalog = matchPage(location.pathname)?.area.waitsForCatalog ?? true;
  void Promise.all([waitsForCatalog ? startCatalogPrefetch() : undefined, page]).then(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
}
