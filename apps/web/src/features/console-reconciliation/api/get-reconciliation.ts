import { useQuery } from '@tanstack/react-query';
import { ReconciliationOverviewSchema } from '@sunward/core/console-reconciliation';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { reconciliationKeys } from './reconciliation-keys.ts';

/** GET /api/admin/reconciliation: the last runs and what they found, newest first. */
export const getReconciliation = (signal?: AbortSignal) =>
  adminGet(adminUrl('/reconciliation'), ReconciliationOverviewSchema, signal);

export function useReconciliation() {
  return useQuery({
    queryKey: reconciliationKeys.overview(),
    queryFn: ({ signal }) => getReconciliation(signal),
  });
}
