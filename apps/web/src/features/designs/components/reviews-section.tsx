import { useId, useState } from 'react';
import { REVIEW_SORTS, type ReviewSort } from '@sunward/core/reviews';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { useDesignReviews } from '../api/get-design-reviews.ts';
import { ReviewsList } from './reviews-list.tsx';
import { ReviewsStars } from './reviews-stars.tsx';
import './reviews.css';

const SORT_LABELS: Record<ReviewSort, string> = { newest: 'Newest', helpful: 'Most helpful' };

/**
 * A design's verified reviews in its dialog (issue 29): the average and count, sorted newest or most
 * helpful, 20 at a time (Show more reviews). Loaded once the dialog is open in the browser, so the
 * prerendered page carries none of it.
 */
export function ReviewsSection({ design, open }: { design: string; open: boolean }) {
  const id = useId();
  const hydrated = useHydrated();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const { shopName } = useConfiguration();
  const query = useDesignReviews(design, sort, open && hydrated);
  const first = query.data?.pages[0];
  const data = first?.design === design ? first : undefined;
  const reviews = data ? (query.data?.pages.flatMap((page) => page.reviews) ?? []) : [];
  return (
    <section
      className="design-reviews"
      aria-labelledby={`${id}-title`}
      aria-busy={query.isFetching}
    >
      <div className="design-reviews__head">
        <h3 id={`${id}-title`} className="design-reviews__title">
          Reviews
        </h3>
        {data && data.count > 0 && data.average !== null ? (
          <p className="design-reviews__summary">
            <ReviewsStars value={data.average} label={`Average ${data.average} out of 5 stars`} />{' '}
            <strong>{data.average.toFixed(1)}</strong> from {data.count} verified{' '}
            {data.count === 1 ? 'review' : 'reviews'}
          </p>
        ) : null}
      </div>
      {query.isError ? (
        <p className="design-reviews__note">Reviews could not be loaded.</p>
      ) : !data ? (
        <p className="design-reviews__note">Loading reviews…</p>
      ) : data.count === 0 ? (
        <p className="design-reviews__note">
          No reviews of this design yet. Buyers are asked for one after delivery.
        </p>
      ) : (
        <>
          <div className="field design-reviews__sort">
            <label className="field__label" htmlFor={`${id}-sort`}>
              Sort reviews
            </label>
            <select
              id={`${id}-sort`}
              className="select"
              value={sort}
              onChange={(e) => setSort(e.target.value as ReviewSort)}
            >
              {REVIEW_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <ReviewsList reviews={reviews} shopName={shopName} />
          {query.hasNextPage ? (
            <div className="design-reviews__more">
              <p className="design-reviews__note">
                Showing {reviews.length} of {data.count} reviews.
              </p>
              <button
                type="button"
                className="btn btn--outline"
                onClick={() => void query.fetchNextPage({ cancelRefetch: false })}
                disabled={query.isFetchingNextPage}
                aria-busy={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? 'Loading more reviews…' : 'Show more reviews'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
