import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '@sunward/core/review-schemas';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { sendAuthorized } from '@/shared/api/authorized.ts';
import { sendJson } from '@/shared/api/http.ts';
import { reviewableOrderKey, type ReviewProof } from './get-reviewable-order.ts';

/** POST /api/reviews: the buyer's review of one design (it waits for the shop to publish it). */
export async function submitReview(proof: ReviewProof, review: ReviewInput): Promise<void> {
  const body = { ...proof, review };
  if ('token' in proof) await sendJson(apiPaths.reviews(), body);
  else await sendAuthorized(apiPaths.reviews(), { method: 'POST', body });
}

export function useSubmitReview(proof: ReviewProof) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewInput) => submitReview(proof, review),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewableOrderKey(proof) }),
  });
}
