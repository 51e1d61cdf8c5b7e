import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EraseCustomerAnswerSchema } from '@sunward/core/console-customers';
import { adminKeys, adminSend, adminUrl } from '@/shared/console/admin-api.ts';

/** POST /api/admin/data-requests/{id}/erase { confirmEmail }: by the proven email (decision 053). */
export const eraseRequestData = (requestId: string, confirmEmail: string) =>
  adminSend(
    adminUrl(`/data-requests/${encodeURIComponent(requestId)}/erase`),
    { method: 'POST', body: { confirmEmail } },
    EraseCustomerAnswerSchema,
  );

/** As a customer's erasure: every console query is read again once the server has answered. */
export function useEraseRequestData(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmEmail: string) => eraseRequestData(requestId, confirmEmail),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
