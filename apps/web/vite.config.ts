import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import type {
  ArtManifest,
  DesignVariant,
  ImageEntry,
  ImageFile,
  WebImageEntry,
  WebImageFile,
} from '@sunward/art/manifest-types';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifestFile = path.resolve(here, '../../packages/art/dist/manifest.json');

const ID = 'virtual:art-manifest';

function readManifest(): ArtManifest | null {
  if (!existsSync(manifestFile)) return null;
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as ArtManifest;
}

/** Where the images are served from: VITE_ASSETS_BASE_URL (a CDN) or the shop itself. */
const assetsBase = () => (process.env.VITE_ASSETS_BASE_URL ?? '').replace(/\/$/, '');

const webFile = ({ url, width }: ImageFile): WebImageFile => ({ url, width });

/**
 * What the browser needs of an entry: AVIF and WebP at every width, but of JPEG/PNG (the fallback for
 * browsers without either) only the one file the <img> src uses, and no PNG beside an SVG; of each file
 * its URL and width (WebImageEntry).
 */
function slim(entry: ImageEntry): WebImageEntry {
  const formats: WebImageEntry['formats'] = {};
  for (const [format, files] of Object.entries(entry.formats) as Array<
    [keyof typeof formats, ImageFile[]]
  >) {
    if (!files.length) continue;
    if (format === 'png' && entry.formats.svg?.length) continue;
    const kept =
      format === 'jpeg' || format === 'png'
        ? [files.find((f) => f.width >= 800) ?? files[files.length - 1]!]
        : files;
    formats[format] = kept.map(webFile);
  }
  return { alt: entry.alt, width: entry.width, height: entry.height, formats };
}

const mapValues = <T, U>(record: Record<string, T>, fn: (value: T) => U) =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));

/** The part of the manifest a virtual module id asks for (see src/art-manifest.d.ts). */
function slice(manifest: ArtManifest, id: string): unknown {
  if (id === ID) return manifest;
  const part = id.slice(ID.length + 1);
  // The app shell shows the logo (start-up screen) and the brand mark (header, footer); the icon's
  // other sizes are for the browser (see appIcons below).
  if (part === 'brand') return { logo: slim(manifest.brand.logo), icon: slim(manifest.brand.icon) };
  if (part === 'home') return mapValues(manifest.home, slim);
  if (part === 'first-screen') return firstScreen(manifest);
  const variant = part.startsWith('designs/') ? (part.slice(8) as DesignVariant) : null;
  if (!variant) throw new Error(`Unknown image manifest module: ${id}`);
  return mapValues(manifest.designs, (design) => slim(design[variant]));
}

/**
 * `/first-screen`: the AVIF files of the pictures a phone shows first (the home banner at each
 * breakpoint, the first four folded shirts of /designs), for the entry to preload (src/app/first-images.ts).
 */
function firstScreen(manifest: ArtManifest) {
  const avif = (entry: ImageEntry | undefined) => (entry?.formats.avif ?? []).map(webFile);
  const { bannerMobile, bannerTablet, bannerDesktop } = manifest.home;
  return {
    banner: {
      mobile: avif(bannerMobile),
      tablet: avif(bannerTablet),
      desktop: avif(bannerDesktop),
    },
    designs: Object.values(manifest.designs)
      .slice(0, 4)
      .map((design) => avif(design.folded)),
  };
}

/** For tests: the same slice, taken from src/test/fake-art-manifest.ts at run time. */
function fakeModule(id: string): string {
  const part = id.slice(ID.length + 1);
  if (part === 'first-screen') {
    return 'export default { banner: { mobile: [], tablet: [], desktop: [] }, designs: [] };';
  }
  const expr = !part
    ? 'm'
    : part === 'brand' || part === 'home'
      ? `m.${part}`
      : `Object.fromEntries(Object.entries(m.designs).map(([k, v]) => [k, v[${JSON.stringify(part.slice(8))}]]))`;
  const file = path.join(here, 'src/test/fake-art-manifest.ts');
  return `import { fakeArtManifest } from ${JSON.stringify(file)};\nconst m = fakeArtManifest();\nexport default ${expr};`;
}

/**
 * `virtual:art-manifest` is the generated image manifest (packages/art/dist/manifest.json); its type is
 * declared in src/art-manifest.d.ts, so type-checking needs no build; bundling needs `npm run art:build`.
 * Sub-modules (`/brand`, `/home`, `/designs/<variant>`) hold one slice each, so a page's chunk carries
 * only the image entries it shows and the app shell only the logo.
 */
function artManifest(): Plugin {
  return {
    name: 'art-manifest',
    resolveId: (source) => (source === ID || source.startsWith(`${ID}/`) ? `\0${source}` : null),
    load(resolved) {
      if (!resolved.startsWith(`\0${ID}`)) return null;
      // Component tests run on a stand-in manifest, so they never wait for the image build.
      if (process.env.VITEST) return fakeModule(resolved.slice(1));
      const manifest = readManifest();
      if (!manifest) {
        this.error(`The image manifest is missing (${manifestFile}). Run: npm run art:build`);
      }
      this.addWatchFile(manifestFile);
      return `export default ${JSON.stringify(slice(manifest, resolved.slice(1)))};`;
    },
    // The start-up screen in index.html shows the logo before any script runs; link previews show the
    // tablet banner (3:2, the closest to the 1.91:1 that previews crop to).
    transformIndexHtml(html) {
      const manifest = readManifest();
      const base = assetsBase();
      const logo = manifest?.brand.logo;
      const file = logo?.formats.svg?.[0] ?? logo?.formats.png?.[0];
      if (logo && file) {
        const img = `<img class="startup__logo" src="${base}${file.url}" width="${logo.width}" height="${logo.height}" alt="" />`;
        html = html.replace('<!--startup-logo-->', img);
      }
      const banner = manifest?.home.bannerTablet;
      const photo =
        banner?.formats.jpeg?.find((f) => f.width >= 1200) ?? banner?.formats.jpeg?.at(-1);
      if (banner && photo) {
        const meta = (property: string, content: string | number) =>
          `<meta property="${property}" content="${String(content).replace(/"/g, '&quot;')}" />`;
        html = html.replace(
          '<!--social-image-->',
          [
            meta('og:image', base + photo.url),
            meta('og:image:width', photo.width),
            meta('og:image:height', photo.height),
            meta('og:image:alt', banner.alt),
          ].join('\n    '),
        );
      }
      return html;
    },
  };
}

/** A favicon.ico holding one PNG (every browser since 2011 reads PNG inside ICO). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the image follows the header
  return Buffer.concat([header, png]);
}

/**
 * The shop's icons, from the image manifest's `brand.icon`: the SVG favicon and the Apple touch icon are
 * linked from index.html; /favicon.ico (for clients that ask for it without reading the page) and the
 * web app manifest are written to the root of the build. The server fills the manifest's name with the
 * shop name (apps/server/src/plugins/static.ts).
 */
function appIcons(): Plugin {
  const icon = () => {
    const entry = readManifest()?.brand.icon;
    const png = (width: number) => entry?.formats.png?.find((f) => f.width === width);
    const svg = entry?.formats.svg?.[0];
    const files = { svg, ico: png(32), touch: png(180), app: [png(192), png(512)] };
    if (!files.svg || !files.ico || !files.touch || files.app.some((f) => !f)) return null;
    return files as { svg: ImageFile; ico: ImageFile; touch: ImageFile; app: ImageFile[] };
  };
  return {
    name: 'app-icons',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml() {
      const files = icon();
      if (!files) return [];
      const link = (attrs: Record<string, string>) => ({
        tag: 'link',
        attrs,
        injectTo: 'head' as const,
      });
      return [
        link({ rel: 'icon', href: '/favicon.ico', sizes: '32x32' }),
        link({ rel: 'icon', href: assetsBase() + files.svg.url, type: 'image/svg+xml' }),
        link({ rel: 'apple-touch-icon', href: assetsBase() + files.touch.url }),
        link({ rel: 'manifest', href: '/manifest.webmanifest' }),
      ];
    },
    generateBundle() {
      const files = icon();
      if (!files) {
        this.warn(
          'The image manifest has no brand icon: favicon.ico and the app manifest are not built.',
        );
        return;
      }
      const assets = path.dirname(manifestFile);
      this.emitFile({
        type: 'asset',
        fileName: 'favicon.ico',
        source: icoFromPng(readFileSync(path.join(assets, files.ico.url)), 32),
      });
      const webManifest = {
        name: 'Sunward',
        short_name: 'Sunward',
        description: 'UPF 50+ printed sun shirts',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#17614a',
        icons: files.app.map((f) => ({
          src: assetsBase() + f.url,
          sizes: `${f.width}x${f.height}`,
          type: 'image/png',
        })),
      };
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: JSON.stringify(webManifest, null, 2) + '\n',
      });
    },
  };
}

/**
 * Writes .br and .gz siblings of the built text files: the server serves them as they are
 * (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    // The prerendering module (dist/server) is read by the server from disk, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options) {
      const dir = options.dir ?? path.join(here, 'dist');
      for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|woff)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Names each page's module in the route table (src/app/pages.ts): `() => import('./routes/x.tsx')`
 * becomes that function with `source: 'src/app/routes/x.tsx'`, the key of its chunk in the build's
 * manifest, so a prerendered page links its chunk's stylesheets (docs/decisions/025).
 */
function pageSources(): Plugin {
  const table = path.join(here, 'src/app/pages.ts');
  return {
    name: 'page-sources',
    enforce: 'pre',
    transform(code, id) {
      if (id !== table) return null;
      const out = new MagicString(code);
      for (const call of code.matchAll(/\(\) => import\('(\.[^']+)'\)/g)) {
        const source = path.relative(here, path.resolve(path.dirname(table), call[1]!));
        out.appendLeft(call.index, 'Object.assign(');
        out.appendRight(
          call.index + call[0].length,
          `, { source: ${JSON.stringify(source.split(path.sep).join('/'))} })`,
        );
      }
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
    // The prerendering module is one file for Node: the browser's chunk groups (below) do not apply.
    config(config, env) {
      const output = config.build?.rolldownOptions?.output;
      if (env.isSsrBuild && output && !Array.isArray(output)) {
        output.codeSplitting = false;
      }
    },
  };
}

/**
 * Fails the build when chunks import each other statically in a circle. The chunk rules below put
 * modules in the app chunk by path; a module there that imports one left outside, which imports the
 * app chunk back, makes such a circle, and the page then stops at 'Loading the shop' with
 * "x is not a function" (an export read before its chunk has run). Twice so far; never again silently.
 */
function noStaticChunkCycles(): Plugin {
  return {
    name: 'no-static-chunk-cycles',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const all = Object.values(bundle).filter((file) => file.type === 'chunk');
      // A facade (a dynamic import's entry that only re-exports another chunk's code) runs nothing of
      // its own: a circle through it is harmless.
      const facade = new Set(
        all
          .filter((chunk) => Object.values(chunk.modules).every((m) => m.renderedLength === 0))
          .map((chunk) => chunk.fileName),
      );
      const chunks = new Map(
        all.map((chunk) => [chunk.fileName, chunk.imports.filter((name) => !facade.has(name))]),
      );
      const done = new Set<string>();
      const visit = (name: string, trail: string[]): void => {
        if (trail.includes(name)) {
          const cycle = [...trail.slice(trail.indexOf(name)), name].join(' -> ');
          this.error(`Chunks import each other statically: ${cycle}. Adjust APP_CHUNK.`);
        }
        if (done.has(name)) return;
        for (const next of chunks.get(name) ?? []) visit(next, [...trail, name]);
        done.add(name);
      };
      for (const name of chunks.keys()) visit(name, []);
    },
  };
}

/**
 * The entry imports the app only dynamically (src/main.tsx): a prerendered page fetches it after its
 * first paint. Every other page (index.html: the bag, checkout, the account, the console) needs it at
 * once, so index.html preloads the boot module and the chunks it imports statically, as it would for
 * a static import; the server leaves these links out of prerendered pages (features/pages).
 */
function preloadBoot(source = 'src/app/boot.ts'): Plugin {
  return {
    name: 'preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((file) => file.type === 'chunk');
        const boot = chunks.find((chunk) =>
          Object.keys(chunk.modules).some((id) => id.endsWith(source)),
        );
        if (!boot) throw new Error(`preload-boot: no chunk for ${source}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((c) => c.fileName === fileName);
          // The entry is index.html's script already.
          if (files.has(fileName) || chunk?.isEntry) return;
          files.add(fileName);
          for (const next of chunk?.imports ?? []) visit(next);
        };
        visit(boot.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Preloads the web font (src/shared/styles/fonts.css): every page's first screen uses it, and a face
 * found only when the page is laid out arrives after the first paint, so its text reflows when it
 * swaps in (Lighthouse found shifts of 0.001-0.004 from that).
 */
function preloadFonts(fonts = ['oswald-600']): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return Object.keys(ctx.bundle ?? {})
          .filter(
            (file) => file.endsWith('.woff2') && fonts.some((n) => file.startsWith(`static/${n}-`)),
          )
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${file}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

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
  /node_modules\/(react-dom|scheduler|@tanstack|zustand)\/|node_modules\/react\/(jsx-runtime|cjs\/react-jsx-runtime)|\/src\/app\/(?!routes\/|pages\.ts|boot\.ts|first-images\.ts|layout\/(mobile-menu|console))|\/src\/shared\/(?!lib\/|paths\.ts|console\/|auth\/(?!auth-store|auth-loader)|customers\/|orders\/|shipping\/|design-in-url\.ts|ui\/(modal|confirm-dialog|figures|size-label|size-select|slideshow|size-table|focus-trap|purchase-promise|shirt-price)|bag\/server-bag|api\/(authorized|catalog\/(get-inventory|catalog-snapshot-id)))|\/packages\/core\/src\/(designs|sizes|cart|money)\.ts$/;

export default defineConfig({
  root: here,
  plugins: [
    react(),
    pageSources(),
    artManifest(),
    appIcons(),
    preloadFonts(),
    preloadBoot(),
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
