/**
 * A stand-in image manifest for component tests, so they never depend on the image build. Same shape as
 * packages/art/dist/manifest.json; the urls point nowhere.
 */
import { DESIGN_NAMES } from '@sunward/core/designs';
import type { ArtManifest, DesignVariant, ImageEntry } from '@sunward/art/manifest-types';

function entry(name: string, width: number, height: number, svg = false): ImageEntry {
  const file = (w: number, ext: string) => ({
    url: `/assets/test/${name}-${w}.${ext}`,
    width: w,
    height: Math.round((height * w) / width),
    bytes: 1000,
  });
  if (svg) return { alt: name, width, height, formats: { svg: [file(width, 'svg')] } };
  return {
    alt: `${name} picture`,
    width,
    height,
    formats: {
      avif: [file(width / 2, 'avif'), file(width, 'avif')],
      webp: [file(width / 2, 'webp'), file(width, 'webp')],
      jpeg: [file(width / 2, 'jpg'), file(width, 'jpg')],
    },
  };
}

const VARIANTS: DesignVariant[] = ['print', 'folded', 'banner', 'logo', 'collection', 'back'];

export function fakeArtManifest(): ArtManifest {
  return {
    version: 1,
    designs: Object.fromEntries(
      DESIGN_NAMES.map((design) => [
        design,
        Object.fromEntries(
          VARIANTS.map((variant) => [variant, entry(`${design}-${variant}`, 800, 800)]),
        ) as Record<DesignVariant, ImageEntry>,
      ]),
    ),
    brand: { logo: entry('logo', 240, 64, true), icon: entry('icon', 128, 128, true) },
    home: {
      bannerMobile: entry('banner-mobile', 800, 1000),
      bannerTablet: entry('banner-tablet', 1200, 800),
      bannerDesktop: entry('banner-desktop', 1920, 800),
      placement: entry('placement', 1200, 800),
      upf: entry('upf', 1200, 800),
    },
  };
}
