import { useQuery } from '@tanstack/react-query';
import { RestoredBagSchema, type RestoredBag } from '@sunward/core/schemas';
import { readError } from '@/shared/api/http.ts';

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
