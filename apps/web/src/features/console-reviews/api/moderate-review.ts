import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsoleReviewSchema } from '@sunward/core/review-schemas';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { reviewsKeys } from './reviews-keys.ts';

/** POST /api/admin/reviews/{id}/status: publish or hide a review. */
export const moderateReview = (id: string, status: 'published' | 'hidden') =>
  adminSend(
    adminUrl(`/reviews/${encodeURIComponent(id)}/status`),
    { method: 'POST', body: { status } },
    ConsoleReviewSchema,
  );

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'published' | 'hidden' }) =>
      moderateReview(id, status),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewsKeys.list() }),
  });
}
