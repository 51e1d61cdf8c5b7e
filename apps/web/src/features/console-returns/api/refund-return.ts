import type { RefundReturnBody } from '@sunward/core/console-returns-schemas';
import { useReturnAction } from './return-action.ts';

/** POST /api/admin/returns/{id}/refund: the money back through the payment provider, once. */
export const useRefundReturn = (id: string) => useReturnAction<RefundReturnBody>(id, 'refund');
