import './shared/styles/fonts.css';
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import './shared/styles/controls.css';
import { CATALOG_SNAPSHOT_ID } from './shared/api/catalog/catalog-snapshot-id.ts';
import { afterFirstPaint } from './shared/lib/after-first-paint.ts';

// The entry imports no script of its own, so a page's HTML starts no script but this one (2 KB).
// A prerendered catalogue page (docs/decisions/025) is on screen before any script runs: the app
// (React, the router, the page's chunk) is fetched once that page has painted, so the first paint
// and its pictures never share the phone's connection and processor with 100 KB of script. Any other
// page shows the start-up screen until the app renders it, so the app is fetched at once (index.html
// preloads it: see vite.config.ts, preloadBoot).
// The shop's CSP allows no eval (decision 056). zod would probe for it once, with a `new Function`
// the browser blocks and reports to the shop (/api/csp-reports) from every page: its JIT is turned off
// before any schema is made, through the global configuration `z.config` writes, without loading zod
// here.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };
const boot = () => void import('./app/boot.ts').then((app) => app.boot());
if (document.getElementById(CATALOG_SNAPSHOT_ID)) afterFirstPaint(boot);
else boot();
