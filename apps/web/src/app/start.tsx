import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readCatalogSnapshot, seedCatalog } from '@/shared/api/catalog/catalog-snapshot.ts';
import { App } from './app.tsx';
import { matchPage } from './pages.ts';
import { queryClient, startCatalogPrefetch } from './query-client.ts';

/**
 * Renders the app once the first page's chunk (`page`, started by the entry) is in and, in the shop's
 * area, the catalogue too, so the page appears whole (no placeholder, no layout shift). The account
 * area and the console do not wait for the catalogue. The render runs as a transition, which React
 * splits into short tasks.
 *
 * A prerendered page (docs/decisions/025) is already on screen and carries the catalogue it was
 * rendered from: that goes into the query cache and React hydrates the page's markup once the page's
 * chunk is in, fetching nothing first.
 */
export function start(page: Promise<void>): void {
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const snapshot = readCatalogSnapshot(document);
  if (snapshot) {
    seedCatalog(queryClient, snapshot);
    void page.then(() => startTransition(() => void hydrateRoot(root, app)));
    return;
  }
  const waitsForCatalog = matchPage(location.pathname)?.area.waitsForCatalog ?? true;
  void Promise.all([waitsForCatalog ? startCatalogPrefetch() : undefined, page]).then(() => {
    startTransition(() => createRoot(root).render(app));
  });
}
