import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PageCheckSchema } from '@sunward/core/console-payment-page';
import { adminKeys, adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { paymentPageKeys } from './payment-page-keys.ts';

/** POST /api/admin/payment-page/checks: "Check now", answered when the check is done. */
export const checkPaymentPage = () =>
  adminSend(adminUrl('/payment-page/checks'), { method: 'POST' }, PageCheckSchema);

export function useCheckPaymentPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkPaymentPage,
    // The monitor's screen and the home's alerts.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentPageKeys.overview() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('dashboard') });
    },
  });
}
