import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReconciliationRunSchema } from '@sunward/core/console-reconciliation';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { reconciliationKeys } from './reconciliation-keys.ts';

/**
 * POST /api/admin/reconciliation/runs: "Reconcile now", answered when the run is done. A second click
 * while one runs is kept off by the button; two runs at once find nothing twice (findings are once per
 * payment, refunds keyed by payment).
 */
export const runReconciliation = () =>
  adminSend(adminUrl('/reconciliation/runs'), { method: 'POST' }, ReconciliationRunSchema);

export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReconciliation,
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.overview() }),
  });
}
