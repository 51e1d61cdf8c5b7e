import { formatDate } from '@sunward/core/dates';
import type { PublicReview } from '@sunward/core/review-schemas';
import { FIT_LABELS } from '@sunward/core/reviews';
import { sizeInfo } from '@sunward/core/sizes';
import { ReviewsStars } from './reviews-stars.tsx';

/** Who wrote it, as they chose to say: "Rowan, NC", or "A buyer". */
const byline = (r: PublicReview) => [r.firstName, r.state].filter(Boolean).join(', ') || 'A buyer';

/** The published reviews, each marked "Verified buyer", with the shop's reply. Text only, never markup. */
export function ReviewsList({ reviews, shopName }: { reviews: PublicReview[]; shopName: string }) {
  return (
    <ol className="reviews-list" aria-label="Reviews">
      {reviews.map((r) => (
        <li key={r.id} className="review">
          <article aria-label={`Review by ${byline(r)}`}>
            <div className="review__head">
              <ReviewsStars value={r.stars} />
              {r.title ? <h4 className="review__title">{r.title}</h4> : null}
            </div>
            <p className="review__meta">
              <span className="review__verified">Verified buyer</span> {byline(r)} ·{' '}
              <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
            </p>
            <p className="review__fit">
              Size bought: {sizeInfo(r.size).label} · {FIT_LABELS[r.fit]}
            </p>
            {r.body ? <p className="review__body">{r.body}</p> : null}
            {r.reply ? (
              <div className="review__reply">
                <p className="review__reply-by">Reply from {shopName}</p>
                <p className="review__body">{r.reply.text}</p>
              </div>
            ) : null}
          </article>
        </li>
      ))}
    </ol>
  );
}
