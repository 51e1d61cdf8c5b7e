import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startCatalogPrefetch } from './query-client.ts';

/**
 * Renders the app once the catalogue and the first page's chunk (`page`, started by the entry) are in,
 * so the page appears whole (no placeholder, no layout shift). The render runs as a transition, which
 * React splits into short tasks.
 */
export function start(page: Promise<void>): void {
  void Promise.all([startCatalogPrefetch(), page]).then(() => {
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
