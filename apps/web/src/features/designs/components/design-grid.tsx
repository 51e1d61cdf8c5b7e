import folded from 'virtual:art-manifest/designs/folded';
import type { Design } from '@sunward/core/designs';
import { paths } from '@/shared/paths.ts';
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
  /**
   * The grid is behind a design's dialog the page arrived with (a design's URL): its pictures wait
   * for the dialog's.
   */
  behindDialog?: boolean;
}

export interface TileLoading {
  loading: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low';
}

/**
 * How the picture of the tile at `index` loads. The first screenful (`eager`) loads at once: the first
 * two at high priority (the page's largest paint is one of them), the next two as the browser decides,
 * the rest of that screenful at low priority, so that on a slow network they do not share it with the
 * font and the first two rows (a phone shows the top of the third row; the browser would raise those
 * to high priority too). The others load as they come near the screen. Behind a dialog none is
 * urgent: all wait, at low priority (decision 025).
 */
export function tileLoading(index: number, eager: number, behindDialog = false): TileLoading {
  if (behindDialog) return { loading: 'lazy', fetchPriority: 'low' };
  if (index >= eager) return { loading: 'lazy' };
  if (index < 2) return { loading: 'eager', fetchPriority: 'high' };
  return index < 4 ? { loading: 'eager' } : { loading: 'eager', fetchPriority: 'low' };
}

/** Spec 2: folded-shirt pictures, one per design; 2 columns on small screens up to 6 on wide ones. */
export function DesignGrid({
  designs,
  onChoose,
  onIntent,
  onImageDone,
  eager = 6,
  behindDialog = false,
}: DesignGridProps) {
  return (
    <ul className="design-grid" onPointerOver={onIntent} onFocus={onIntent}>
      {designs.map((design, i) => {
        const image = folded[design.designName];
        return (
          <li key={design.designName}>
            {/*
              A link to the design's own URL: the app opens the design in place (onChoose); before
              the app has taken over a prerendered page, or with a modifier key (a new tab), the
              browser follows it to that URL, which opens the design too (decision 025).
            */}
            <a
              href={paths.design.href({ designName: design.designName })}
              className="design-card"
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onChoose(design);
              }}
              aria-haspopup="dialog"
            >
              <span className="design-card__image">
                {image ? (
                  <ArtPicture
                    image={image}
                    alt={`${design.designTitle} sun shirt, folded`}
                    sizes={GRID_SIZES}
                    {...tileLoading(i, eager, behindDialog)}
                    onLoad={onImageDone}
                    onError={onImageDone}
                  />
                ) : null}
              </span>
              <span className="design-card__title">{design.designTitle}</span>
            </a>
            {/* Beside the link, so its name stays the design's. */}
            <ShirtPrice className="design-card__price" />
          </li>
        );
      })}
    </ul>
  );
}
