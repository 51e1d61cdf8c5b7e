import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { DesignReviews, ReviewSort } from '@sunward/core/review-schemas';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { getJson } from '@/shared/api/http.ts';

const schema = () => import('@sunward/core/review-schemas').then((m) => m.DesignReviewsSchema);

/**
 * GET /api/reviews/design/{design}: the published reviews from `offset` (20 at a time), their
 * average and count (issue 29).
 */
export const getDesignReviews = (
  design: string,
  sort: ReviewSort,
  offset: number,
  signal?: AbortSignal,
) => getJson<DesignReviews>(apiPaths.designReviews(design, sort, offset), schema, signal);

/**
 * A design's reviews, a page at a time (fetchNextPage while hasNextPage). Fetched only when
 * `enabled` (the dialog open): the design's page stays as fast as before.
 */
export function useDesignReviews(design: string | null, sort: ReviewSort, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['reviews', 'design', design, sort],
    queryFn: ({ pageParam, signal }) => getDesignReviews(design!, sort, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
    enabled: enabled && design !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
