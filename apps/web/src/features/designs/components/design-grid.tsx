import folded from 'virtual:art-manifest/designs/folded';
import type { Design } from '@sunward/core/designs';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import { ShirtPrice } from '@/shared/ui/shirt-price.tsx';
import { GRID_SIZES } from './grid-sizes.ts';
import './design-grid.css';

export interface DesignGridProps {
  designs: readonly Design[];
  onChoose: (design: Design) => void;
  /** The pointer or focus reached a design: a good moment to start loading the modal. */
  onIntent?: () => void;
  /** Called when each picture has loaded or failed (for the loading bar). */
  onImageDone?: () => void;
  /** How many pictures load eagerly (the first screenful). */
  eager?: number;
}

/** Spec 2: folded-shirt pictures, one per design; 2 columns on small screens up to 6 on wide ones. */
export function DesignGrid({
  designs,
  onChoose,
  onIntent,
  onImageDone,
  eager = 6,
}: DesignGridProps) {
  // A page rendered ahead of the browser shows the tiles before the app can open them: they wait for
  // hydration (disabled until then) rather than swallow a tap (decision 025).
  const hydrated = useHydrated();
  return (
    <ul className="design-grid" onPointerOver={onIntent} onFocus={onIntent}>
      {designs.map((design, i) => {
        const image = folded[design.designName];
        return (
          <li key={design.designName}>
            <button
              type="button"
              className="design-card"
              disabled={!hydrated}
              onClick={() => onChoose(design)}
              aria-haspopup="dialog"
            >
              <span className="design-card__image">
                {image ? (
                  <ArtPicture
                    image={image}
                    alt={`${design.designTitle} sun shirt, folded`}
                    sizes={GRID_SIZES}
                    loading={i < eager ? 'eager' : 'lazy'}
                    fetchPriority={i < Math.min(eager, 2) ? 'high' : undefined}
                    onLoad={onImageDone}
                    onError={onImageDone}
                  />
                ) : null}
              </span>
              <span className="design-card__title">{design.designTitle}</span>
            </button>
            {/* Beside the button, so its name stays the design's. */}
            <ShirtPrice className="design-card__price" />
          </li>
        );
      })}
    </ul>
  );
}
