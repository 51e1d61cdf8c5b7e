import { useQuery } from '@tanstack/react-query';
import { EmailDetailSchema } from '@sunward/core/console-outbox';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { outboxKeys } from './outbox-keys.ts';

/** GET /api/admin/emails/{id}: one email with its bodies and copies. */
export const getEmail = (id: string, signal?: AbortSignal) =>
  adminGet(adminUrl(`/emails/${encodeURIComponent(id)}`), EmailDetailSchema, signal);

export function useEmail(id: string | null) {
  return useQuery({
    queryKey: outboxKeys.email(id ?? ''),
    queryFn: ({ signal }) => getEmail(id!, signal),
    enabled: id !== null,
  });
}
