import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startCatalogPrefetch } from './app/query-client.ts';
import { preloadPage } from './app/router.tsx';
import './shared/styles/fonts.css';
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import './shared/styles/controls.css';

// The catalogue requests and the first page's chunk start now, side by side, while index.html shows
// the start-up screen. The first render waits for both, so the page appears whole (no placeholder, no
// layout shift), and runs as a transition, which React splits into short tasks.
// (A promise, not a top-level await: lazy chunks import from this one, which must not be waiting.)
const ready = Promise.all([startCatalogPrefetch(), preloadPage(location.pathname)]);
void ready.then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
