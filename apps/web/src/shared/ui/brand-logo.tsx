import brand from 'virtual:art-manifest/brand';
import { ArtPicture } from './art-picture.tsx';

/** The brand logo from the image manifest (an SVG), sized by CSS height. */
export function BrandLogo({ alt, className }: { alt: string; className?: string }) {
  return (
    <ArtPicture image={brand.logo} sizes="160px" alt={alt} loading="eager" className={className} />
  );
}
