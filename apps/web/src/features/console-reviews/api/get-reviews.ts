import { useQuery } from '@tanstack/react-query';
import { ConsoleReviewListSchema } from '@sunward/core/review-schemas';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { reviewsKeys } from './reviews-keys.ts';

/** GET /api/admin/reviews: the queue of new reviews first, then the published and hidden. */
export const getReviews = (signal?: AbortSignal) =>
  adminGet(adminUrl('/reviews'), ConsoleReviewListSchema, signal);

export function useReviews() {
  return useQuery({
    queryKey: reviewsKeys.list(),
    queryFn: ({ signal }) => getReviews(signal),
  });
}
