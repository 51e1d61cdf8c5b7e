import collection from 'virtual:art-manifest/designs/collection';
import { memo } from 'react';
import type { Design } from '@sunward/core/designs';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import { ShirtPrice } from '@/shared/ui/shirt-price.tsx';
import './gallery.css';

/**
 * Spec 2: the 30 designs; 1 column under 520px (decision 045: the prints readable on a phone), 2 under
 * 768px, 3 from 768px, 4 from 1150px. Memoised, so the loading
 * overlay's progress (one update per loaded picture) does not re-render the 30 pictures.
 */
export const GalleryGrid = memo(function GalleryGrid(props: {
  designs: readonly Design[];
  onOpen: (index: number) => void;
  onImageDone: () => void;
}) {
  // Disabled until hydrated, like the designs' tiles (decision 025): a tap is never swallowed.
  const hydrated = useHydrated();
  return (
    <ul className="gallery-grid">
      {props.designs.map((design, i) => {
        const image = collection[design.designName];
        return (
          <li key={design.designName}>
            <button
              type="button"
              className="gallery-card"
              disabled={!hydrated}
              onClick={() => props.onOpen(i)}
              aria-haspopup="dialog"
            >
              {image ? (
                <ArtPicture
                  image={image}
                  alt={image.alt || `${design.designTitle} design`}
                  sizes="(min-width: 1150px) 24vw, (min-width: 768px) 31vw, (min-width: 520px) 47vw, 94vw"
                  loading={i < 4 ? 'eager' : 'lazy'}
                  onLoad={props.onImageDone}
                  onError={props.onImageDone}
                />
              ) : null}
              <span className="gallery-card__title">{design.designTitle}</span>
            </button>
            {/* Beside the button, so its name stays the design's. */}
            <ShirtPrice className="gallery-card__price" />
          </li>
        );
      })}
    </ul>
  );
});
