import { useQuery } from '@tanstack/react-query';
import { SupportMessageDetailSchema } from '@sunward/core/console-inbox';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { inboxKeys } from './inbox-keys.ts';

/** GET /api/admin/support/{id}: the message, its sender, its order and the replies. */
export const getSupportMessage = (id: string, signal?: AbortSignal) =>
  adminGet(adminUrl(`/support/${encodeURIComponent(id)}`), SupportMessageDetailSchema, signal);

export function useSupportMessage(id: string) {
  return useQuery({
    queryKey: inboxKeys.supportMessage(id),
    queryFn: ({ signal }) => getSupportMessage(id, signal),
  });
}
