import type { ReceiveReturnBody } from '@sunward/core/console-returns-schemas';
import { useReturnAction } from './return-action.ts';

/** POST /api/admin/returns/{id}/receive: the parcel arrived, each unit restocked or not. */
export const useReceiveReturn = (id: string) => useReturnAction<ReceiveReturnBody>(id, 'receive');
