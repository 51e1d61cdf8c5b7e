import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DataRequestDetailSchema, type DataRequestUpdate } from '@sunward/core/console-inbox';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { inboxKeys } from './inbox-keys.ts';

/** PATCH /api/admin/data-requests/{id}: completed with a note, or open again. */
export const updateDataRequest = (id: string, update: DataRequestUpdate) =>
  adminSend(
    adminUrl(`/data-requests/${encodeURIComponent(id)}`),
    { method: 'PATCH', body: update },
    DataRequestDetailSchema,
  );

export function useUpdateDataRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: DataRequestUpdate) => updateDataRequest(id, update),
    onSuccess: (request) => {
      queryClient.setQueryData(inboxKeys.dataRequest(id), request);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.dataRequestLists() });
    },
  });
}
