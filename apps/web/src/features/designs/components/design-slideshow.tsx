import logos from 'virtual:art-manifest/designs/logo';
import folded from 'virtual:art-manifest/designs/folded';
import banners from 'virtual:art-manifest/designs/banner';
import type { Design } from '@sunward/core/designs';
import { Slideshow, type Slide } from '@/shared/ui/slideshow.tsx';

/**
 * Spec 2's folded shirt, front-design banner and logo, the shirt first (issue 16: the modal opens on
 * the shirt the shopper buys, not on the bare artwork): the spec's cycle logo -> shirt -> banner,
 * entered at the shirt (decision 046).
 */
export function designSlides(design: Design): Slide[] {
  const name = design.designName;
  const slides: (Slide | null)[] = [
    folded[name]
      ? { key: 'folded', image: folded[name], alt: `${design.designTitle} shirt, folded` }
      : null,
    banners[name]
      ? { key: 'banner', image: banners[name], alt: `${design.designTitle} printed on the front` }
      : null,
    logos[name]
      ? { key: 'logo', image: logos[name], alt: `${design.designTitle} design artwork` }
      : null,
  ];
  return slides.filter((s): s is Slide => s !== null);
}

export function DesignSlideshow({ design }: { design: Design }) {
  return (
    <Slideshow
      key={design.designName}
      label={`${design.designTitle} pictures`}
      slides={designSlides(design)}
      sizes="(min-width: 992px) 460px, (min-width: 768px) 50vw, 92vw"
    />
  );
}
