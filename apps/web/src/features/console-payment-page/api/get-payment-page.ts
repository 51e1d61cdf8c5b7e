import { useQuery } from '@tanstack/react-query';
import { PaymentPageOverviewSchema } from '@sunward/core/console-payment-page';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { paymentPageKeys } from './payment-page-keys.ts';

/** GET /api/admin/payment-page: the monitor's last checks and what they found, newest first. */
export const getPaymentPage = (signal?: AbortSignal) =>
  adminGet(adminUrl('/payment-page'), PaymentPageOverviewSchema, signal);

export function usePaymentPage() {
  return useQuery({
    queryKey: paymentPageKeys.overview(),
    queryFn: ({ signal }) => getPaymentPage(signal),
    // A monitoring screen: what the checks and browsers found since it was last open.
    staleTime: 0,
  });
}
