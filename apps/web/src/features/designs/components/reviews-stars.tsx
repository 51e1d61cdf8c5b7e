import { starsLabel } from '@sunward/core/reviews';

/** Five stars, `value` of them filled (an average rounds to the nearest half), with its words for screen readers. */
export function ReviewsStars({ value, label }: { value: number; label?: string }) {
  const halves = Math.round(value * 2);
  return (
    <span className="reviews-stars" role="img" aria-label={label ?? starsLabel(value)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span
          key={n}
          aria-hidden="true"
          className={
            halves >= n * 2
              ? 'reviews-stars__star reviews-stars__star--full'
              : halves === n * 2 - 1
                ? 'reviews-stars__star reviews-stars__star--half'
                : 'reviews-stars__star'
          }
        >
          ★
        </span>
      ))}
    </span>
  );
}
