import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsoleReviewSchema } from '@sunward/core/review-schemas';
import type { ReviewStatus } from '@sunward/core/reviews';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { showChangedReview } from './reviews-cache.ts';

/** POST /api/admin/reviews/{id}/status: publish or hide a review. */
export const moderateReview = (id: string, status: 'published' | 'hidden') =>
  adminSend(
    adminUrl(`/reviews/${encodeURIComponent(id)}/status`),
    { method: 'POST', body: { status } },
    ConsoleReviewSchema,
  );

/** Publish or hide; the card changes in place, the counts follow (`from`: its status before). */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      status,
    }: {
      id: string;
      status: 'published' | 'hidden';
      from: ReviewStatus;
    }) => moderateReview(id, status),
    onSuccess: (review, { from }) => showChangedReview(queryClient, from, review),
  });
}
