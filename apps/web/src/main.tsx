import { preloadFirstImages } from './app/first-images.ts';
import { preloadPage } from './app/pages.ts';
import { paths } from './shared/paths.ts';
import './shared/styles/fonts.css';
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import './shared/styles/controls.css';

// A small entry: while index.html shows the start-up screen, the first page's chunk, its largest
// picture and the app chunk (React, the router, the catalogue requests) download side by side instead
// of one after the other.
// The first render waits for the catalogue and the page (see app/start.tsx).
if (location.pathname === paths.silentRenew.href()) {
  // The hidden frame of a silent sign-in: hand the answer to the parent, render nothing.
  void import('./shared/auth/silent-renew.ts').then(({ finishSilentRenew }) => finishSilentRenew());
} else {
  const page = preloadPage(location.pathname);
  preloadFirstImages(location.pathname);
  void import('./app/start.tsx').then(({ start }) => start(page));
}
