import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsoleReviewSchema } from '@sunward/core/review-schemas';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { showChangedReview } from './reviews-cache.ts';

/** POST /api/admin/reviews/{id}/reply: the shop's public reply (empty removes it). */
export const replyToReview = (id: string, reply: string) =>
  adminSend(
    adminUrl(`/reviews/${encodeURIComponent(id)}/reply`),
    { method: 'POST', body: { reply: reply.trim() || null } },
    ConsoleReviewSchema,
  );

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: string }) => replyToReview(id, reply),
    onSuccess: (review) => showChangedReview(queryClient, review.status, review),
  });
}
