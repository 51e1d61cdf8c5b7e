import type { ReturnQueueFilter } from '@sunward/core/console-returns-schemas';
import { adminKeys } from '@/shared/console/admin-api.ts';

/** The console's returns queries: the queue's pages and each return. */
export const returnKeys = {
  all: adminKeys.area('returns'),
  queue: (status: ReturnQueueFilter, cursor: string | null) =>
    adminKeys.area('returns', 'queue', status, cursor),
  detail: (id: string) => adminKeys.area('returns', 'detail', id),
};
