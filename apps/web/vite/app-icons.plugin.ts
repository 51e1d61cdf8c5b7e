/** The shop's icons: favicon.ico, the SVG favicon, the Apple touch icon and the web app manifest. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ImageFile } from '@sunward/art/manifest-types';
import { assetsBase, manifestFile, readManifest } from './art-manifest.plugin.ts';

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
export function appIcons(): Plugin {
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
