/**
 * The shop's look on the hosted pages (issue 30): the brand mark the storefront's header shows and its
 * display typeface, Oswald, from the same built files (the image manifest of packages/art, the
 * storefront's build manifest), so signing in looks like the shop. Either is null without a build (a
 * test, a development server): the page then shows the name alone in the fallback fonts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../../config.ts';

export interface BrandAssets {
  /** The brand mark (an SVG), as the storefront links it. */
  iconUrl: string | null;
  /** Oswald 600 (woff2), the storefront's display font. */
  fontUrl: string | null;
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** The brand icon's SVG in the art manifest: `brand.icon.formats.svg[0].url`. */
function iconPath(manifest: unknown): string | null {
  const svg = (
    manifest as { brand?: { icon?: { formats?: { svg?: { url?: unknown }[] } } } } | null
  )?.brand?.icon?.formats?.svg?.[0]?.url;
  return typeof svg === 'string' ? svg : null;
}

/** The built font's file in the storefront's manifest (its source ends oswald-600.woff2). */
function fontPath(manifest: unknown): string | null {
  if (!manifest || typeof manifest !== 'object') return null;
  for (const [source, chunk] of Object.entries(manifest as Record<string, { file?: unknown }>)) {
    if (source.endsWith('/oswald-600.woff2') && typeof chunk.file === 'string') {
      return `/${chunk.file}`;
    }
  }
  return null;
}

export function findBrandAssets(
  config: Pick<Config, 'assetsDir' | 'assetsBaseUrl' | 'webDistDir'>,
): BrandAssets {
  const icon = iconPath(readJson(path.join(config.assetsDir, '..', 'manifest.json')));
  const font = fontPath(readJson(path.join(config.webDistDir, '.vite', 'manifest.json')));
  return {
    iconUrl: icon ? `${config.assetsBaseUrl}${icon}` : null,
    fontUrl: font,
  };
}
