import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { ArtPicture, type ImageEntry } from './art-picture.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import './slideshow.css';

export interface Slide {
  key: string;
  image: ImageEntry;
  alt: string;
}

/** The horizontal distance (px) a touch must travel to count as a swipe. */
const SWIPE_PX = 40;

export interface SlideshowProps {
  label: string;
  slides: readonly Slide[];
  sizes: string;
  /** Controlled index (optional). */
  index?: number;
  onIndexChange?: (index: number) => void;
  /** What the arrows move to: 'image' (default) or e.g. 'design'. */
  itemName?: string;
}

/**
 * Pictures one at a time: previous/next buttons and ArrowLeft/ArrowRight move through them and wrap
 * around; on touch screens the strip follows a swipe.
 */
export function Slideshow(props: SlideshowProps) {
  const { label, slides, sizes, index, onIndexChange, itemName = 'image' } = props;
  const [ownIndex, setOwnIndex] = useState(0);
  const current = index ?? ownIndex;
  const touchX = useRef<number | null>(null);
  const count = slides.length;
  // On a prerendered design page the arrows answer once the app has taken over (decision 025).
  const hydrated = useHydrated();

  const go = (next: number) => {
    const wrapped = ((next % count) + count) % count;
    setOwnIndex(wrapped);
    onIndexChange?.(wrapped);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    const end = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    go(end < start ? current + 1 : current - 1);
  };

  return (
    <section
      className="slideshow"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="slideshow__viewport" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div className="slideshow__track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              className="slideshow__slide"
              data-kind={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${slide.alt}`}
              aria-hidden={i !== current}
            >
              <ArtPicture
                image={slide.image}
                sizes={sizes}
                alt={slide.alt}
                loading={i === current ? 'eager' : 'lazy'}
                // The picture on show is the dialog's largest: it comes before the page behind.
                fetchPriority={i === current ? 'high' : undefined}
                draggable={false}
              />
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        className="slideshow__arrow slideshow__arrow--prev"
        disabled={!hydrated}
        onClick={() => go(current - 1)}
        aria-label={`Previous ${itemName}`}
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        className="slideshow__arrow slideshow__arrow--next"
        disabled={!hydrated}
        onClick={() => go(current + 1)}
        aria-label={`Next ${itemName}`}
      >
        <ChevronRightIcon />
      </button>
      {count <= 10 ? (
        <div className="slideshow__dots" aria-hidden="true">
          {slides.map((slide, i) => (
            <span key={slide.key} className="slideshow__dot" data-active={i === current} />
          ))}
        </div>
      ) : (
        <p className="slideshow__count" aria-hidden="true">{`${current + 1} / ${count}`}</p>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {`${current + 1} of ${count}: ${slides[current]?.alt ?? ''}`}
      </p>
    </section>
  );
}
