import type { ImgHTMLAttributes } from 'react';
import type {
  WebImageEntry as ImageEntry,
  WebImageFile as ImageFile,
} from '@sunward/art/manifest-types';
import { assetUrl } from '@/shared/lib/assets-url.ts';

export type { ImageEntry };

export function srcSet(files: readonly ImageFile[] | undefined): string | undefined {
  return files?.length ? files.map((f) => `${assetUrl(f.url)} ${f.width}w`).join(', ') : undefined;
}

/** The fallback <img> source: the jpeg (or png) closest above 800px wide. */
export function fallbackFile(image: ImageEntry): ImageFile | undefined {
  const files = image.formats.jpeg ?? image.formats.png ?? image.formats.webp ?? image.formats.avif;
  return files?.find((f) => f.width >= 800) ?? files?.[files.length - 1];
}

type ImgProps = Pick<
  ImgHTMLAttributes<HTMLImageElement>,
  'className' | 'onLoad' | 'onError' | 'fetchPriority' | 'draggable'
>;

export interface ArtPictureProps extends ImgProps {
  image: ImageEntry;
  /** The rendered width, for the browser to pick a file: e.g. '(min-width: 768px) 33vw, 50vw'. */
  sizes: string;
  alt?: string;
  /** Lazy below the fold (default); eager for what is visible first. */
  loading?: 'lazy' | 'eager';
}

/**
 * A manifest picture: AVIF and WebP sources, a JPEG/PNG fallback, every width in srcset and the
 * intrinsic width and height, so the box is reserved before the file arrives (no layout shift).
 */
export function ArtPicture({ image, sizes, alt, loading = 'lazy', ...img }: ArtPictureProps) {
  const svg = image.formats.svg?.[0];
  const common = {
    width: image.width,
    height: image.height,
    alt: alt ?? image.alt,
    loading,
    decoding: 'async' as const,
    ...img,
  };
  if (svg) return <img src={assetUrl(svg.url)} {...common} />;
  const fallback = fallbackFile(image);
  return (
    <picture>
      {image.formats.avif?.length ? (
        <source type="image/avif" srcSet={srcSet(image.formats.avif)} sizes={sizes} />
      ) : null}
      {image.formats.webp?.length ? (
        <source type="image/webp" srcSet={srcSet(image.formats.webp)} sizes={sizes} />
      ) : null}
      <img
        src={fallback ? assetUrl(fallback.url) : undefined}
        srcSet={srcSet(image.formats.jpeg ?? image.formats.png)}
        sizes={sizes}
        {...common}
      />
    </picture>
  );
}
