import { preloadPage } from './app/pages.ts';
import { paths } from './shared/paths.ts';
import './shared/styles/fonts.css';
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import './shared/styles/controls.css';

// A small entry: the first page's chunk and the app chunk (React, the router, the catalogue requests)
// download side by side instead of one after the other. The catalogue's pages arrive rendered, their
// first pictures in the HTML (the home's banner preloaded from its head: prerender.tsx), so the entry
// carries no picture list (decision 025).
// The first render waits for the catalogue and the page (see app/start.tsx).
if (location.pathname === paths.silentRenew.href()) {
  // The hidden frame of a silent sign-in: hand the answer to the parent, render nothing.
  void import('./shared/auth/silent-renew.ts').then(({ finishSilentRenew }) => finishSilentRenew());
} else {
  const page = preloadPage(location.pathname);
  void import('./app/start.tsx').then(({ start }) => start(page));
}
