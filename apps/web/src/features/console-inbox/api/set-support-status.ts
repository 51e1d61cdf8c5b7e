import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SupportMessageDetailSchema } from '@sunward/core/console-inbox';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { inboxKeys } from './inbox-keys.ts';

/** PATCH /api/admin/support/{id} { status }: close, or reopen. */
export const setSupportStatus = (id: string, status: 'open' | 'closed') =>
  adminSend(
    adminUrl(`/support/${encodeURIComponent(id)}`),
    { method: 'PATCH', body: { status } },
    SupportMessageDetailSchema,
  );

export function useSetSupportStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: 'open' | 'closed') => setSupportStatus(id, status),
    onSuccess: (message) => {
      queryClient.setQueryData(inboxKeys.supportMessage(id), message);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.supportLists() });
    },
  });
}
