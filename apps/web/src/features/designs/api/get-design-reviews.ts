import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DesignReviews, ReviewSort } from '@sunward/core/review-schemas';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { getJson } from '@/shared/api/http.ts';

const schema = () => import('@sunward/core/review-schemas').then((m) => m.DesignReviewsSchema);

/** GET /api/reviews/design/{design}: the published reviews, their average and count (issue 29). */
export const getDesignReviews = (design: string, sort: ReviewSort, signal?: AbortSignal) =>
  getJson<DesignReviews>(apiPaths.designReviews(design, sort), schema, signal);

/** Fetched only when `enabled` (the dialog open): the design's page stays as fast as before. */
export function useDesignReviews(design: string | null, sort: ReviewSort, enabled: boolean) {
  return useQuery({
    queryKey: ['reviews', 'design', design, sort],
    queryFn: ({ signal }) => getDesignReviews(design!, sort, signal),
    enabled: enabled && design !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
