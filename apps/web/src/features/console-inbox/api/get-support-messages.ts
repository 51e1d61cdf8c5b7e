import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SupportListSchema, type SupportStatus } from '@sunward/core/console-inbox';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { inboxKeys } from './inbox-keys.ts';

export interface SupportFilters {
  status?: SupportStatus;
  /** newest first, or oldest first (the queue to work through). */
  sort: 'newest' | 'oldest';
  /** The page: the `next` of the page before. */
  after?: string | null;
}

export const SUPPORT_PAGE = 25;

/** GET /api/admin/support: a page of support messages. */
export const getSupportMessages = (filters: SupportFilters, signal?: AbortSignal) =>
  adminGet(adminUrl('/support', { ...filters, limit: SUPPORT_PAGE }), SupportListSchema, signal);

export function useSupportMessages(filters: SupportFilters) {
  return useQuery({
    queryKey: inboxKeys.supportList(filters),
    queryFn: ({ signal }) => getSupportMessages(filters, signal),
    placeholderData: keepPreviousData,
  });
}
