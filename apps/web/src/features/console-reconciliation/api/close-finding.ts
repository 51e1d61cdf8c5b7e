import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CloseFindingAnswerSchema } from '@sunward/core/console-reconciliation';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { reconciliationKeys } from './reconciliation-keys.ts';

/** POST /api/admin/reconciliation/findings/{id}/close: an open finding dealt with, with a note. */
export const closeFinding = (id: string, note: string) =>
  adminSend(
    adminUrl(`/reconciliation/findings/${encodeURIComponent(id)}/close`),
    { method: 'POST', body: { note } },
    CloseFindingAnswerSchema,
  );

export function useCloseFinding(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => closeFinding(id, note),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.overview() }),
  });
}
