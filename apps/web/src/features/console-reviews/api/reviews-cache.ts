import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  ConsoleReview,
  ConsoleReviewFilters,
  ConsoleReviewList,
} from '@sunward/core/review-schemas';
import type { ReviewStatus } from '@sunward/core/reviews';
import { reviewsKeys } from './reviews-keys.ts';

/**
 * A review the operator just changed, shown in place in every list loaded (where it was, even if it
 * no longer matches the list's status: the card stays under the operator's hand), with each list's
 * counts moved from its status `before` to its new one. The lists are marked stale without being
 * read again now: the next time one is opened it comes from the server.
 */
export function showChangedReview(
  queryClient: QueryClient,
  before: ReviewStatus,
  review: ConsoleReview,
) {
  const lists = queryClient.getQueriesData<InfiniteData<ConsoleReviewList, string | null>>({
    queryKey: reviewsKeys.lists(),
  });
  for (const [key, data] of lists) {
    if (!data) continue;
    const filters = key.at(-1) as ConsoleReviewFilters;
    const moved = before !== review.status && (!filters.design || filters.design === review.design);
    queryClient.setQueryData<InfiniteData<ConsoleReviewList, string | null>>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        reviews: page.reviews.map((r) => (r.id === review.id ? review : r)),
        counts: moved
          ? {
              ...page.counts,
              [before]: Math.max(0, page.counts[before] - 1),
              [review.status]: page.counts[review.status] + 1,
            }
          : page.counts,
      })),
    });
  }
  void queryClient.invalidateQueries({ queryKey: reviewsKeys.lists(), refetchType: 'none' });
}
