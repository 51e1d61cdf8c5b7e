import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataRequestListSchema, type DataRequestStatus } from '@sunward/core/console-inbox';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { inboxKeys } from './inbox-keys.ts';

export interface DataRequestFilters {
  /** open: by deadline, soonest first; completed: latest completed first. */
  status: DataRequestStatus;
  after?: string | null;
}

export const DATA_REQUEST_PAGE = 25;

/** GET /api/admin/data-requests: a page of privacy data requests with their days left. */
export const getDataRequests = (filters: DataRequestFilters, signal?: AbortSignal) =>
  adminGet(
    adminUrl('/data-requests', { ...filters, limit: DATA_REQUEST_PAGE }),
    DataRequestListSchema,
    signal,
  );

export function useDataRequests(filters: DataRequestFilters) {
  return useQuery({
    queryKey: inboxKeys.dataRequestList(filters),
    queryFn: ({ signal }) => getDataRequests(filters, signal),
    placeholderData: keepPreviousData,
  });
}
