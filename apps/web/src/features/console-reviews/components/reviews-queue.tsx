import { useEffect, useId, useRef, useState } from 'react';
import type { ConsoleReviewFilters } from '@sunward/core/review-schemas';
import { designTitle } from '@sunward/core/designs';
import { ConsoleError, errorMessage } from '@/shared/console/console-error.tsx';
import { FilterBar, useFilterValues } from '@/shared/console/filter-bar.tsx';
import { KeysetPager } from '@/shared/console/keyset-pager.tsx';
import { statusLook } from '@/shared/console/status-badge.tsx';
import { useReviews } from '../api/get-reviews.ts';
import { ReviewCard } from './review-card.tsx';
import { REVIEW_FILTER_NAMES, reviewFilterFields, reviewFiltersOf } from './review-filters.ts';
import './reviews-queue.css';

/** "New reviews of Alaska, oldest first": what the list holds, in which order. */
function listTitle({ status, design }: ConsoleReviewFilters) {
  const which = status ? `${statusLook('review', status).label} reviews` : 'All reviews';
  const of = design ? ` of ${designTitle(design)}` : '';
  return `${which}${of}, ${status === 'new' ? 'oldest' : 'newest'} first`;
}

/** "No new reviews of Alaska.": an empty list. */
function emptyText({ status, design }: ConsoleReviewFilters) {
  const which = status ? `${statusLook('review', status).label.toLowerCase()} reviews` : 'reviews';
  return `No ${which}${design ? ` of ${designTitle(design)}` : ''}.`;
}

/**
 * The console's reviews (issue 29, decision 048): by status (the queue of new ones, oldest first,
 * unless another is chosen; the others newest first) and design, both kept in the URL with the counts
 * beside each status, a page at a time with Show more reviews (which moves the focus to the first
 * review it adds). Each can be published, hidden and answered publicly in place.
 */
export function ReviewsQueue() {
  const titleId = useId();
  const filters = reviewFiltersOf(useFilterValues(REVIEW_FILTER_NAMES));
  const query = useReviews(filters);
  const listRef = useRef<HTMLOListElement>(null);
  /** The index of the first review a Show more adds, until it is on screen and focused. */
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const pages = query.data?.pages ?? [];
  const reviews = pages.flatMap((page) => page.reviews);
  const counts = pages.at(-1)?.counts;

  useEffect(() => {
    if (focusFrom === null || reviews.length <= focusFrom) return;
    listRef.current?.querySelectorAll<HTMLElement>(':scope > li > article')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom, reviews.length]);

  const showMore = async () => {
    const from = reviews.length;
    const result = await query.fetchNextPage({ cancelRefetch: false });
    if (!result.isError) setFocusFrom(from);
  };

  let content;
  if (query.isError && !query.data) {
    content = (
      <ConsoleError
        error={query.error}
        title="Reviews could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!query.data || !counts) {
    content = <div className="page-loading" role="status" aria-label="Loading reviews" />;
  } else {
    const total = filters.status
      ? counts[filters.status]
      : counts.new + counts.published + counts.hidden;
    content = (
      <>
        {reviews.length ? (
          <ol className="reviews-queue__list" ref={listRef}>
            {reviews.map((r) => (
              <li key={r.id}>
                <ReviewCard review={r} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="reviews-queue__muted">{emptyText(filters)}</p>
        )}
        {query.isFetchNextPageError ? (
          <p role="alert" className="reviews-queue__error">
            More reviews could not be loaded: {errorMessage(query.error)}
          </p>
        ) : null}
        {query.hasNextPage ? (
          <p className="reviews-queue__muted">
            Showing {reviews.length} of {total}.
          </p>
        ) : null}
        <KeysetPager
          label="More reviews"
          more={{
            hasMore: query.hasNextPage,
            onMore: () => void showMore(),
            busy: query.isFetchingNextPage,
            text: 'Show more reviews',
          }}
        />
      </>
    );
  }

  return (
    <div className="reviews-queue">
      <FilterBar label="Filter reviews" fields={reviewFilterFields(counts)} />
      {counts ? (
        <p className="reviews-queue__muted">
          {counts.new} new · {counts.published} published · {counts.hidden} hidden
          {filters.design ? ` of ${designTitle(filters.design)}` : ''}. Shoppers see published
          reviews only, as text, marked Verified buyer.
        </p>
      ) : null}
      <section
        aria-labelledby={titleId}
        aria-busy={query.isFetching}
        className="reviews-queue__section"
      >
        <h2 id={titleId}>{listTitle(filters)}</h2>
        {content}
      </section>
    </div>
  );
}
