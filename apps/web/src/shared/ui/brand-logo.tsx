import brand from 'virtual:art-manifest/brand';
import { ArtPicture } from './art-picture.tsx';

/** The brand logo from the image manifest (an SVG), sized by CSS height. */
export function BrandLogo({ alt, className }: { alt: string; className?: string }) {
  return (
    <ArtPicture image={brand.logo} sizes="160px" alt={alt} loading="eager" className={className} />
  );
}

/**
 * The brand mark alone (the logo's icon): where the whole logo would be too small to read, its
 * tagline shrinking to a few pixels (the header, the footer).
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <ArtPicture image={brand.icon} sizes="48px" alt="" loading="eager" className={className} />
  );
}
