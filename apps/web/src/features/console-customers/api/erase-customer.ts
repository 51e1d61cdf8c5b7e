import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EraseCustomerAnswerSchema } from '@sunward/core/console-customers';
import { adminKeys, adminSend, adminUrl } from '@/shared/console/admin-api.ts';

/** POST /api/admin/customers/{customerId}/erase { confirmEmail }. */
export const eraseCustomer = (id: string, confirmEmail: string) =>
  adminSend(
    adminUrl(`/customers/${encodeURIComponent(id)}/erase`),
    { method: 'POST', body: { confirmEmail } },
    EraseCustomerAnswerSchema,
  );

/**
 * Erasure changes what every console page shows of the customer (orders, inbox, outbox): once the
 * server has answered, every console query is read again.
 */
export function useEraseCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmEmail: string) => eraseCustomer(id, confirmEmail),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
