import firstScreen from 'virtual:art-manifest/first-screen';
import type { WebImageFile } from '@sunward/art/manifest-types';
import { DESKTOP, TABLET } from '@/features/home/components/hero-media.ts';
import { GRID_SIZES } from '@/features/designs/components/grid-sizes.ts';
import { paths } from '@/shared/paths.ts';
import { assetUrl } from '@/shared/lib/assets-url.ts';

/** A preload of one picture's AVIF files: the attributes of its <link rel="preload" as="image">. */
export interface ImagePreload {
  imageSrcset: string;
  imageSizes: string;
  media?: string;
}

const avif = (files: WebImageFile[], sizes: string, media?: string): ImagePreload[] =>
  files.length
    ? [
        {
          imageSrcset: files.map((f) => `${assetUrl(f.url)} ${f.width}w`).join(', '),
          imageSizes: sizes,
          ...(media ? { media } : {}),
        },
      ]
    : [];

/** The largest pictures of a page's first screen (the home banner, the first folded shirts of /designs). */
export function firstImages(pathname: string): ImagePreload[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === paths.home.pattern) {
    const { mobile, tablet, desktop } = firstScreen.banner;
    return [
      ...avif(desktop, '100vw', DESKTOP),
      ...avif(tablet, '100vw', `${TABLET} and (max-width: 991.98px)`),
      ...avif(mobile, '100vw', '(max-width: 599.98px)'),
    ];
  }
  if (path.toLowerCase() === paths.designs.pattern) {
    return firstScreen.designs.flatMap((files) => avif(files, GRID_SIZES));
  }
  return [];
}
