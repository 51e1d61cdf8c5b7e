import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ReturnQueueSchema,
  type ReturnQueue,
  type ReturnQueueFilter,
} from '@sunward/core/console-returns-schemas';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { returnKeys } from './return-keys.ts';

/** Returns asked for per page (the server allows 1 to 100). */
export const QUEUE_PAGE_SIZE = 25;

/** GET /api/admin/returns: a page of the queue (open returns oldest first) and the next cursor. */
export function getReturnQueue(
  status: ReturnQueueFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReturnQueue> {
  return adminGet(
    adminUrl('/returns', { status, cursor, limit: QUEUE_PAGE_SIZE }),
    ReturnQueueSchema,
    signal,
  );
}

export function useReturnQueue(status: ReturnQueueFilter, cursor: string | null) {
  return useQuery({
    queryKey: returnKeys.queue(status, cursor),
    queryFn: ({ signal }) => getReturnQueue(status, cursor, signal),
    // The page stays while the next one loads (no flash of an empty table).
    placeholderData: keepPreviousData,
  });
}
