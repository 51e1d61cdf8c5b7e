import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NoteAnswerSchema } from '@sunward/core/console-orders';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { orderKeys } from './order-keys.ts';

/** POST /api/admin/orders/{orderNumber}/notes; the key makes a resent note one note. */
export function addOrderNote(input: { orderNumber: string; body: string; idempotencyKey: string }) {
  return adminSend(
    adminUrl(`/orders/${encodeURIComponent(input.orderNumber)}/notes`),
    { method: 'POST', body: { body: input.body, idempotencyKey: input.idempotencyKey } },
    NoteAnswerSchema,
  );
}

export function useAddOrderNote(orderNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; idempotencyKey: string }) =>
      addOrderNote({ orderNumber, ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.detail(orderNumber) }),
  });
}
