import { preloadFirstImages } from './app/first-images.ts';
import { preloadPage } from './app/pages.ts';
import './shared/styles/fonts.css';
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import './shared/styles/controls.css';

// A small entry: while index.html shows the start-up screen, the first page's chunk, its largest
// picture and the app chunk (React, the router, the catalogue requests) download side by side instead
// of one after the other.
// The first render waits for the catalogue and the page (see app/start.tsx).
const page = preloadPage(location.pathname);
preloadFirstImages(location.pathname);
void import('./app/start.tsx').then(({ start }) => start(page));
