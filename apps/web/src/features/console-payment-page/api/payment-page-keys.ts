import { adminKeys } from '@/shared/console/admin-api.ts';

export const paymentPageKeys = {
  overview: () => adminKeys.area('payment-page', 'overview'),
  cspReports: (after: string | null) => adminKeys.area('payment-page', 'csp-reports', { after }),
};
