import { useInfiniteQuery } from '@tanstack/react-query';
import {
  ConsoleReviewListSchema,
  type ConsoleReviewFilters,
  type ConsoleReviewList,
} from '@sunward/core/review-schemas';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { reviewsKeys } from './reviews-keys.ts';

/** Reviews a page of the console's list holds (each card is tall: a reply field). */
export const CONSOLE_REVIEWS_PER_PAGE = 20;

/** GET /api/admin/reviews: a page of the reviews matching `filters` after `cursor`, with counts. */
export const getReviews = (
  filters: ConsoleReviewFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ConsoleReviewList> =>
  adminGet(
    adminUrl('/reviews', { ...filters, cursor, limit: CONSOLE_REVIEWS_PER_PAGE }),
    ConsoleReviewListSchema,
    signal,
  );

/** The reviews matching `filters` as one growing list (Show more reviews). */
export function useReviews(filters: ConsoleReviewFilters) {
  return useInfiniteQuery({
    queryKey: reviewsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getReviews(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
