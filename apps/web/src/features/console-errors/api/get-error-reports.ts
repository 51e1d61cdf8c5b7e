import { useInfiniteQuery } from '@tanstack/react-query';
import { ErrorGroupReportsSchema } from '@sunward/core/console-errors';
import { adminGet, adminKeys, adminUrl } from '@/shared/console/admin-api.ts';

export const ERROR_REPORTS_PAGE = 20;

/** GET /api/admin/errors/{fingerprint}: one group's reports in the period, newest first. */
export const getErrorReports = (
  fingerprint: string,
  days: number,
  after: string | null,
  signal?: AbortSignal,
) =>
  adminGet(
    adminUrl(`/errors/${encodeURIComponent(fingerprint)}`, {
      days,
      after,
      limit: ERROR_REPORTS_PAGE,
    }),
    ErrorGroupReportsSchema,
    signal,
  );

/** A group's reports as one growing list (Show more), loaded once the group is opened. */
export function useErrorReports(fingerprint: string, days: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: adminKeys.area('errors', 'reports', fingerprint, days),
    queryFn: ({ pageParam, signal }) => getErrorReports(fingerprint, days, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    enabled,
  });
}
