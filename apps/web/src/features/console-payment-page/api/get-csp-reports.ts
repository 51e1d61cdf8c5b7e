import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CspReportsPageSchema } from '@sunward/core/console-payment-page';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { paymentPageKeys } from './payment-page-keys.ts';

export const CSP_REPORTS_PAGE = 25;

/** GET /api/admin/csp-reports: the browsers' CSP reports, last seen first, a page at a time. */
export const getCspReports = (after: string | null, signal?: AbortSignal) =>
  adminGet(
    adminUrl('/csp-reports', { after, limit: CSP_REPORTS_PAGE }),
    CspReportsPageSchema,
    signal,
  );

export function useCspReports(after: string | null) {
  return useQuery({
    queryKey: paymentPageKeys.cspReports(after),
    queryFn: ({ signal }) => getCspReports(after, signal),
    // A monitoring screen: what the checks and browsers found since it was last open.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
