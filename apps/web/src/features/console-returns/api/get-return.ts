import { useQuery } from '@tanstack/react-query';
import { ReturnDetailSchema, type ReturnDetail } from '@sunward/core/console-returns-schemas';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { returnKeys } from './return-keys.ts';

/** GET /api/admin/returns/{id}: the return with its order, label, refund, exchange and timeline. */
export function getReturn(id: string, signal?: AbortSignal): Promise<ReturnDetail> {
  return adminGet(adminUrl(`/returns/${encodeURIComponent(id)}`), ReturnDetailSchema, signal);
}

export function useReturn(id: string) {
  return useQuery({
    queryKey: returnKeys.detail(id),
    queryFn: ({ signal }) => getReturn(id, signal),
  });
}
