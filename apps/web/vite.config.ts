import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appIcons } from './vite/app-icons.plugin.ts';
import { artManifest, ID } from './vite/art-manifest.plugin.ts';
import { noStaticChunkCycles } from './vite/chunk-cycles.plugin.ts';
import { pageSources } from './vite/page-sources.plugin.ts';
import { precompress } from './vite/precompress.plugin.ts';
import { preloadBoot, preloadFonts } from './vite/preload.plugin.ts';
import { scriptIntegrity } from './vite/script-integrity.plugin.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Modules of the app chunk (see build.rolldownOptions); mutations (checkout and later forms) stay with
 * the pages that use them. React and React Router stay out of it: the entry matches the first page with
 * the router's own matcher (app/pages.ts), so they load beside the entry (about 17 KB gzip, preloaded by
 * index.html) and the app chunk stays something the entry starts, never waits for. Of sign-in only the
 * store and the loader are in the app chunk: the library (oidc-client-ts, react-oidc-context) and the
 * code over it load after the page (shared/auth/auth-loader.tsx). Likewise the signed-in bag's server
 * calls (shared/bag/server-bag.ts, shared/api/authorized.ts) load with the first signed-in use, and the
 * size select with the stock call (shared/ui/size-select.tsx, shared/api/catalog/get-inventory.ts) with
 * the add-to-bag modal or a return's exchange. The operator console (app/layout/console-*,
 * shared/console/, app/routes/console/) is never in it: it loads under /admin only.
 */
const NOT_IN_APP_CHUNK =
  /@tanstack\/(react-query\/build\/modern\/useMutation|query-core\/build\/modern\/mutationObserver)\.js$/;
const ROUTER_CHUNK = /node_modules\/(react-router\/|react\/(index\.js|cjs\/react\.production))/;
const BOOT_CHUNK = /\/src\/(app\/(boot|pages)|shared\/paths)\.ts$/;
const APP_CHUNK =
  /node_modules\/(react-dom|scheduler|@tanstack|zustand)\/|node_modules\/react\/(jsx-runtime|cjs\/react-jsx-runtime)|\/src\/app\/(?!routes\/|pages\.ts|boot\.ts|first-images\.ts|layout\/(mobile-menu|console))|\/src\/shared\/(?!lib\/|paths\.ts|console\/|auth\/(?!auth-store|auth-loader)|customers\/|orders\/|shipping\/|design-in-url\.ts|ui\/(modal|confirm-dialog|figures|size-label|size-select|slideshow|size-table|focus-trap|purchase-promise|shirt-price|page-notice)|bag\/server-bag|api\/(authorized|catalog\/(get-inventory|catalog-snapshot-id)))|\/packages\/core\/src\/(designs|sizes|cart|money)\.ts$/;

export default defineConfig({
  root: here,
  plugins: [
    react(),
    pageSources(),
    artManifest(),
    appIcons(),
    preloadFonts(),
    preloadBoot(),
    // Before precompress: it compresses the HTML this writes the integrity into.
    scriptIntegrity(),
    precompress(),
    noStaticChunkCycles(),
  ],
  // `@/` is src/: features import shared code and paths through it (the lint rules that keep the
  // layers apart resolve it, so they hold for `@/` and relative imports alike).
  resolve: { alias: { '@': path.resolve(here, 'src') } },
  // The prerendering module (src/prerender.tsx, built into dist/server by `vite build --ssr`): the
  // workspace packages are TypeScript sources, bundled in; the libraries come from node_modules.
  ssr: { noExternal: [/^@sunward\//] },
  build: {
    // dist/.vite/manifest.json: which chunks and stylesheets each module needs (the server links a
    // prerendered page's stylesheets from it).
    manifest: true,
    outDir: 'dist',
    assetsDir: 'static',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Every browser the shop supports knows <link rel=modulepreload>: no polyfill in the first chunk.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The app chunk: React DOM, the query client and the shell with the shared code every page
          // uses, in one file instead of a dozen small ones (each a round trip on a phone). The router
          // chunk: React and React Router, which the entry needs to match the first page.
          groups: [
            {
              name: 'router',
              test: (id) => ROUTER_CHUNK.test(id),
              includeDependenciesRecursively: false,
            },
            {
              // What the entry starts the app with (app/boot.ts): the route table and the paths, one
              // file rather than three.
              name: 'boot',
              test: (id) => BOOT_CHUNK.test(id),
              includeDependenciesRecursively: false,
            },
            {
              name: 'app',
              // The brand's image manifest goes with the header's logo that reads it.
              test: (id) =>
                id === `\0${ID}/brand` ||
                (APP_CHUNK.test(id) && !NOT_IN_APP_CHUNK.test(id) && !id.endsWith('.css')),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/assets': 'http://localhost:3000',
      '/oidc': 'http://localhost:3000',
    },
  },
});
