/** The image manifest as virtual modules (`virtual:art-manifest`), and what the app shell's HTML needs of it. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type {
  ArtManifest,
  DesignVariant,
  ImageEntry,
  ImageFile,
  WebImageEntry,
  WebImageFile,
} from '@sunward/art/manifest-types';

/** apps/web. */
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const manifestFile = path.resolve(here, '../../packages/art/dist/manifest.json');

export const ID = 'virtual:art-manifest';

export function readManifest(): ArtManifest | null {
  if (!existsSync(manifestFile)) return null;
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as ArtManifest;
}

/** Where the images are served from: VITE_ASSETS_BASE_URL (a CDN) or the shop itself. */
export const assetsBase = () => (process.env.VITE_ASSETS_BASE_URL ?? '').replace(/\/$/, '');

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
export function artManifest(): Plugin {
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
