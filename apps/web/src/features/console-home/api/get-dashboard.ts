import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DashboardSchema, type Dashboard } from '@sunward/core/console-dashboard';
import { adminGet, adminKeys, adminUrl } from '@/shared/console/admin-api.ts';

/** The period asked for: the last `days` days up to today (the server's calendar), or from..to. */
export type PeriodQuery = { days: number } | { from: string; to: string };

/** GET /api/admin/dashboard: the queues that need an operator, and the sales of a period. */
export function getDashboard(period: PeriodQuery, signal?: AbortSignal): Promise<Dashboard> {
  return adminGet(adminUrl('/dashboard', { ...period }), DashboardSchema, signal);
}

/**
 * The home's figures. Changing the period keeps the last answer on screen until the new one is in,
 * and the figures are read again when the operator comes back to the home.
 */
export function useDashboard(period: PeriodQuery) {
  return useQuery({
    queryKey: adminKeys.area('dashboard', period),
    queryFn: ({ signal }) => getDashboard(period, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
