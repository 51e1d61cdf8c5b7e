import type { ConsoleReview } from '@sunward/core/review-schemas';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { useReviews } from '../api/get-reviews.ts';
import { ReviewCard } from './review-card.tsx';
import './reviews-queue.css';

/**
 * The console's reviews (issue 29): the queue of new ones first (oldest first), then the published and
 * hidden (newest first). Each can be published, hidden and answered publicly.
 */
export function ReviewsQueue() {
  const query = useReviews();
  if (query.isError) {
    return (
      <ConsoleError
        error={query.error}
        title="Reviews could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!query.data) return <p className="reviews-queue__muted">Loading reviews…</p>;
  const { reviews, counts } = query.data;
  const queue = reviews.filter((r) => r.status === 'new');
  const rest = reviews.filter((r) => r.status !== 'new');
  const list = (items: ConsoleReview[]) => (
    <ol className="reviews-queue__list">
      {items.map((r) => (
        <li key={r.id}>
          <ReviewCard review={r} />
        </li>
      ))}
    </ol>
  );
  return (
    <div className="reviews-queue" aria-busy={query.isFetching}>
      <p className="reviews-queue__muted">
        {counts.new} new · {counts.published} published · {counts.hidden} hidden. Shoppers see
        published reviews only, as text, marked Verified buyer.
      </p>
      <section aria-labelledby="reviews-queue-new">
        <h2 id="reviews-queue-new">New ({counts.new})</h2>
        {queue.length ? list(queue) : <p className="reviews-queue__muted">No new reviews.</p>}
      </section>
      <section aria-labelledby="reviews-queue-done">
        <h2 id="reviews-queue-done">Published and hidden</h2>
        {rest.length ? list(rest) : <p className="reviews-queue__muted">None yet.</p>}
      </section>
    </div>
  );
}
