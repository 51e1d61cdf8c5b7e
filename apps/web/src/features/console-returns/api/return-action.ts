import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReturnDetailSchema, type ReturnDetail } from '@sunward/core/console-returns-schemas';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { returnKeys } from './return-keys.ts';

/** POST /api/admin/returns/{id}/{action}: every action answers the return as it now is. */
export function postReturnAction(id: string, action: string, body: unknown): Promise<ReturnDetail> {
  return adminSend(
    adminUrl(`/returns/${encodeURIComponent(id)}/${action}`),
    { method: 'POST', body },
    ReturnDetailSchema,
  );
}

/**
 * A mutation of one return's action: the server's answer replaces the return in the cache (never an
 * optimistic guess: money and stock move only when the server says so), and the queue is asked again.
 */
export function useReturnAction<B>(id: string, action: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => postReturnAction(id, action, body),
    onSuccess: async (detail) => {
      client.setQueryData(returnKeys.detail(id), detail);
      await client.invalidateQueries({ queryKey: [...returnKeys.all, 'queue'] });
    },
  });
}
