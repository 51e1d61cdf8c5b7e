import type { CloseReturnBody } from '@sunward/core/console-returns-schemas';
import { useReturnAction } from './return-action.ts';

/** POST /api/admin/returns/{id}/close: closed with nothing refunded. */
export const useCloseReturn = (id: string) => useReturnAction<CloseReturnBody>(id, 'close');
