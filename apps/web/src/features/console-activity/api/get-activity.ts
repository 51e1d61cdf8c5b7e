import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ACTIVITY_PAGE_SIZE,
  ActivityPageSchema,
  type ActivityPage,
} from '@sunward/core/console-activity';
import { adminGet, adminKeys, adminUrl } from '@/shared/console/admin-api.ts';

export interface ActivityQuery {
  before: string | null;
  /** Both or neither: the server narrows to one thing's history only with the two. */
  target: { type: string; id: string } | null;
}

export function getActivity(query: ActivityQuery, signal?: AbortSignal): Promise<ActivityPage> {
  const url = adminUrl('/activity', {
    limit: ACTIVITY_PAGE_SIZE,
    before: query.before,
    targetType: query.target?.type,
    targetId: query.target?.id,
  });
  return adminGet(url, ActivityPageSchema, signal);
}

/** One page of the activity; the last page stays on screen while the next loads. */
export function useActivity(query: ActivityQuery) {
  return useQuery({
    queryKey: adminKeys.area('activity', query),
    queryFn: ({ signal }) => getActivity(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
