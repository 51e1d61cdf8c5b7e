import { useQuery } from '@tanstack/react-query';
import { DataRequestDetailSchema } from '@sunward/core/console-inbox';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { inboxKeys } from './inbox-keys.ts';

/** GET /api/admin/data-requests/{id}: the request and the customers it may be about. */
export const getDataRequest = (id: string, signal?: AbortSignal) =>
  adminGet(adminUrl(`/data-requests/${encodeURIComponent(id)}`), DataRequestDetailSchema, signal);

export function useDataRequest(id: string) {
  return useQuery({
    queryKey: inboxKeys.dataRequest(id),
    queryFn: ({ signal }) => getDataRequest(id, signal),
  });
}
