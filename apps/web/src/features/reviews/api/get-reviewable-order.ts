import { useQuery } from '@tanstack/react-query';
import { ReviewableOrderSchema, type ReviewableOrder } from '@sunward/core/review-schemas';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { sendAuthorized } from '@/shared/api/authorized.ts';
import { getJson } from '@/shared/api/http.ts';

export type ReviewProof = { token: string } | { orderNumber: string };

/**
 * GET /api/reviews/order: the order's designs as its buyer may review them, by the emailed link's
 * token, or by the order number with the signed-in buyer's bearer token.
 */
export async function getReviewableOrder(
  proof: ReviewProof,
  signal?: AbortSignal,
): Promise<ReviewableOrder> {
  const url = apiPaths.reviewableOrder(proof);
  if ('token' in proof) return getJson(url, ReviewableOrderSchema, signal);
  const response = await sendAuthorized(url, { signal });
  return ReviewableOrderSchema.parse(await response.json());
}

export const reviewableOrderKey = (proof: ReviewProof) => ['reviews', 'order', proof] as const;

export function useReviewableOrder(proof: ReviewProof | null) {
  return useQuery({
    queryKey: reviewableOrderKey(proof ?? { token: '' }),
    queryFn: ({ signal }) => getReviewableOrder(proof!, signal),
    enabled: proof !== null,
    retry: false,
  });
}
