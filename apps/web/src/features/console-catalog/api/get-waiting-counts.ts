import { useQuery } from '@tanstack/react-query';
import { WaitingCountsSchema, type WaitingCount } from '@sunward/core/back-in-stock';
import { adminGet, adminKeys, adminUrl } from '@/shared/console/admin-api.ts';

export type { WaitingCount };

export const waitingCountsKey = adminKeys.area('back-in-stock');

/** GET /api/admin/back-in-stock: how many shoppers wait per design and size, most-wanted first. */
export function getWaitingCounts(signal?: AbortSignal): Promise<WaitingCount[]> {
  return adminGet(adminUrl('/back-in-stock'), WaitingCountsSchema, signal).then((a) => a.waiting);
}

export function useWaitingCounts() {
  return useQuery({
    queryKey: waitingCountsKey,
    queryFn: ({ signal }) => getWaitingCounts(signal),
    staleTime: 0,
  });
}
