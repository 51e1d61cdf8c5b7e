import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { readError } from '@/shared/api/http.ts';

const RestoredBagSchema = z.object({
  lines: z.array(
    z.object({
      productId: z.string(),
      priceId: z.string(),
      productCost: z.number(),
      design: z.string(),
      size: z.string(),
      position: z.string(),
      quantity: z.number(),
    }),
  ),
});
export type RestoredBag = z.infer<typeof RestoredBagSchema>;

/** GET /api/bag-restore?token=: the shirts of a bag reminder's link (decision 044). */
export async function restoreBag(token: string): Promise<RestoredBag> {
  const response = await fetch(`/api/bag-restore?token=${encodeURIComponent(token)}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw await readError(response);
  return RestoredBagSchema.parse(await response.json());
}

export function useRestoredBag(token: string | null) {
  return useQuery({
    queryKey: ['bag-restore', token],
    queryFn: () => restoreBag(token!),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
}
