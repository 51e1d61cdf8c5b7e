import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ResendAnswerSchema } from '@sunward/core/console-outbox';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { outboxKeys } from './outbox-keys.ts';

/** POST /api/admin/emails/{id}/resend { idempotencyKey }: failed ones queued again, sent ones copied. */
export const resendEmail = (id: string, idempotencyKey: string) =>
  adminSend(
    adminUrl(`/emails/${encodeURIComponent(id)}/resend`),
    { method: 'POST', body: { idempotencyKey } },
    ResendAnswerSchema,
  );

export function useResendEmail(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => resendEmail(id, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: outboxKeys.email(id) });
      void queryClient.invalidateQueries({ queryKey: outboxKeys.lists() });
    },
  });
}
