import home from 'virtual:art-manifest/home';
import { Link } from 'react-router';
import { paths } from '@/shared/paths.ts';
import { srcSet, fallbackFile } from '@/shared/ui/art-picture.tsx';
import { assetUrl } from '@/shared/lib/assets-url.ts';
import type { WebImageEntry as ImageEntry } from '@sunward/art/manifest-types';
import { DESKTOP, TABLET } from './hero-media.ts';
import './hero.css';

function Sources({ image, media }: { image: ImageEntry; media: string }) {
  return (
    <>
      {(['avif', 'webp'] as const).map((format) =>
        image.formats[format]?.length ? (
          <source
            key={format}
            media={media}
            type={`image/${format}`}
            srcSet={srcSet(image.formats[format])}
            sizes="100vw"
            width={image.width}
            height={image.height}
          />
        ) : null,
      )}
    </>
  );
}

/** Spec 2: banners for mobile, tablet and desktop; the hero text and a link to choose a design. */
export function HomeHero() {
  const mobile = home.bannerMobile;
  const fallback = fallbackFile(mobile);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <picture className="hero__picture">
        <Sources image={home.bannerDesktop} media={DESKTOP} />
        <Sources image={home.bannerTablet} media={TABLET} />
        <Sources image={mobile} media="all" />
        <img
          className="hero__image"
          src={fallback ? assetUrl(fallback.url) : undefined}
          srcSet={srcSet(mobile.formats.jpeg ?? mobile.formats.png)}
          sizes="100vw"
          width={mobile.width}
          height={mobile.height}
          alt={home.bannerDesktop.alt}
          fetchPriority="high"
          loading="eager"
          decoding="async"
        />
      </picture>
      <div className="hero__content">
        <span className="eyebrow hero__eyebrow">UPF 50+ sun shirts</span>
        <h1 id="hero-title" className="hero__title">
          Made for long days in the sun
        </h1>
        <p className="hero__text">
          Lightweight, long-sleeve sun shirts that block at least 98% of UVA and UVB rays, printed
          with 30 designs inspired by the places we love to be outside.
        </p>
        <Link to={paths.designs.href()} className="btn btn--accent hero__cta">
          Choose a Design
        </Link>
      </div>
    </section>
  );
}
