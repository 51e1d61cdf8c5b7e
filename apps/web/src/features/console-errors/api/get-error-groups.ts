import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorGroupsSchema } from '@sunward/core/console-errors';
import { adminGet, adminKeys, adminUrl } from '@/shared/console/admin-api.ts';

export interface ErrorFilters {
  /** The period: this many days back. */
  days: number;
  after?: string | null;
}

export const ERROR_GROUPS_PAGE = 25;

/** GET /api/admin/errors: the storefront's error reports, grouped, newest group first. */
export const getErrorGroups = (filters: ErrorFilters, signal?: AbortSignal) =>
  adminGet(
    adminUrl('/errors', { ...filters, limit: ERROR_GROUPS_PAGE }),
    ErrorGroupsSchema,
    signal,
  );

export function useErrorGroups(filters: ErrorFilters) {
  return useQuery({
    queryKey: adminKeys.area('errors', 'groups', filters),
    queryFn: ({ signal }) => getErrorGroups(filters, signal),
    placeholderData: keepPreviousData,
  });
}
