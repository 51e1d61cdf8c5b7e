import { useQuery } from '@tanstack/react-query';
import { RestoredBagSchema, type RestoredBag } from '@sunward/core/schemas';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { getJson } from '@/shared/api/http.ts';

/** GET /api/bag-restore?token=: the shirts of a bag reminder's link (decision 044). */
export function restoreBag(token: string): Promise<RestoredBag> {
  return getJson(apiPaths.bagRestore(token), RestoredBagSchema);
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
