import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SupportReplyAnswerSchema, type SupportReplyBody } from '@sunward/core/console-inbox';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { inboxKeys } from './inbox-keys.ts';

/** POST /api/admin/support/{id}/replies: the reply is emailed, stored, the message answered. */
export const replyToSupport = (id: string, body: SupportReplyBody) =>
  adminSend(
    adminUrl(`/support/${encodeURIComponent(id)}/replies`),
    { method: 'POST', body },
    SupportReplyAnswerSchema,
  );

/** The message as the server answers it after the reply replaces the cached one; lists reload. */
export function useReplyToSupport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportReplyBody) => replyToSupport(id, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(inboxKeys.supportMessage(id), answer.message);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.supportLists() });
    },
  });
}
