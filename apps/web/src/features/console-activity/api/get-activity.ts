import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminGet, adminKeys, adminUrl } from '@/shared/console/admin-api.ts';

/** Actions a page; the server allows 1 to 200. */
export const ACTIVITY_PAGE_SIZE = 50;

const ActionSchema = z.object({
  id: z.string(),
  at: z.string(),
  operatorId: z.string(),
  operatorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type OperatorAction = z.infer<typeof ActionSchema>;

/** GET /api/admin/activity: a page of the operators' actions, newest first, and the next cursor. */
const ActivityPageSchema = z.object({
  actions: z.array(ActionSchema),
  next: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

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
