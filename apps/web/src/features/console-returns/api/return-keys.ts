import type { ReturnQueueFilter } from '@sunward/core/console-returns-schemas';
import { adminKeys } from '@/shared/console/admin-api.ts';

/** The console's returns queries: the queue's pages and each return. */
export const returnKeys = {
  all: adminKeys.area('returns'),
  queue: (status: ReturnQueueFilter, cursor: string | null) =>
    adminKeys.area('returns', 'queue', status, cursor),
  detail: (id: string) => adminKeys.area('returns', 'detail', id),
};

/**
 * A fresh idempotency key for one operator action (a click and its retries share it, so a double click
 * or a retried request is one change). getRandomValues works outside secure contexts too.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
