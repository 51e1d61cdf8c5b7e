import { useQuery } from '@tanstack/react-query';
import { LabelsAnswerSchema, type LabelsAnswer } from '@sunward/core/console-labels';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { orderKeys } from './order-keys.ts';

/** GET /api/admin/labels?orders=A,B: how each order's label stands. */
export function getLabels(orders: readonly string[], signal?: AbortSignal): Promise<LabelsAnswer> {
  return adminGet(adminUrl('/labels', { orders: orders.join(',') }), LabelsAnswerSchema, signal);
}

const underWay = (answer: LabelsAnswer | undefined) =>
  answer?.labels.some((l) => l.ok && (l.state === 'buying' || l.state === 'voiding')) ?? false;

/** The orders' labels, read again every second while one is being bought or voided (by a job). */
export function useLabels(orders: readonly string[], enabled = true) {
  return useQuery({
    queryKey: orderKeys.labels(orders),
    queryFn: ({ signal }) => getLabels(orders, signal),
    enabled: enabled && orders.length > 0,
    refetchInterval: (query) => (underWay(query.state.data) ? 1000 : false),
  });
}
