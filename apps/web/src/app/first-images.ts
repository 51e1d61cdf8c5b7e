import firstScreen from 'virtual:art-manifest/first-screen';
import type { WebImageFile } from '@sunward/art/manifest-types';
import { DESKTOP, TABLET } from '@/features/home/components/hero-media.ts';
import { GRID_SIZES } from '@/features/designs/components/grid-sizes.ts';
import { paths } from '@/shared/paths.ts';
import { assetUrl } from '@/shared/lib/assets-url.ts';

function preload(files: WebImageFile[], sizes: string, media?: string): void {
  if (!files.length) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.type = 'image/avif';
  link.imageSrcset = files.map((f) => `${assetUrl(f.url)} ${f.width}w`).join(', ');
  link.imageSizes = sizes;
  if (media) link.media = media;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * Starts the download of the first page's largest picture (the home banner, the first folded shirts of
 * /designs) from the entry, while the app chunk downloads, instead of after the first render. The
 * <picture> elements pick the same AVIF file (same srcset, sizes and breakpoints), so it is fetched once;
 * a browser without AVIF ignores these preloads.
 */
export function preloadFirstImages(pathname: string): void {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === paths.home.pattern) {
    const { mobile, tablet, desktop } = firstScreen.banner;
    preload(desktop, '100vw', DESKTOP);
    preload(tablet, '100vw', `${TABLET} and (max-width: 991.98px)`);
    preload(mobile, '100vw', '(max-width: 599.98px)');
  } else if (path.toLowerCase() === paths.designs.pattern) {
    for (const files of firstScreen.designs) preload(files, GRID_SIZES);
  }
}
