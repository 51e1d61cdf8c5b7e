import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AcknowledgeAnswerSchema } from '@sunward/core/console-payment-page';
import { adminKeys, adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { paymentPageKeys } from './payment-page-keys.ts';

/** POST /api/admin/payment-page/findings/{id}/acknowledge: an open alert looked at. */
export const acknowledgeAlert = (id: string) =>
  adminSend(
    adminUrl(`/payment-page/findings/${encodeURIComponent(id)}/acknowledge`),
    { method: 'POST' },
    AcknowledgeAnswerSchema,
  );

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlert,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentPageKeys.overview() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('dashboard') });
    },
  });
}
