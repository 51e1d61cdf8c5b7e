/**
 * The shape of `packages/art/dist/manifest.json`, written by `src/build.ts`.
 * Types only: the web app imports this file, so it must stay free of runtime code.
 */
export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png' | 'svg';
export interface ImageFile {
  url: string;
  width: number;
  height: number;
  bytes: number;
}
/** One picture: every format, each with its widths ascending. `alt` describes the picture for screen readers. */
export interface ImageEntry {
  alt: string;
  width: number;
  height: number;
  formats: Partial<Record<ImageFormat, ImageFile[]>>;
}
/**
 * What the storefront's pages carry of a picture (apps/web's manifest plugin slims each slice): the URL
 * and width of each file are all a srcset needs, so the bytes and per-file heights stay behind.
 */
export type WebImageFile = Pick<ImageFile, 'url' | 'width'>;
export interface WebImageEntry extends Omit<ImageEntry, 'formats'> {
  formats: Partial<Record<ImageFormat, WebImageFile[]>>;
}
/** `back`: the shirt from behind with the print on the back, for lines ordered with position Back. */
export type DesignVariant = 'print' | 'folded' | 'banner' | 'logo' | 'collection' | 'back';
export interface ArtManifest {
  version: 1;
  designs: Record<string /* design name */, Record<DesignVariant, ImageEntry>>;
  brand: {
    logo: ImageEntry /* svg, plus png for emails */;
    icon: ImageEntry /* svg, plus png for favicon.ico, touch and app icons */;
  };
  home: {
    bannerMobile: ImageEntry;
    bannerTablet: ImageEntry;
    bannerDesktop: ImageEntry;
    placement: ImageEntry;
    upf: ImageEntry;
  };
}
