import { useReturnAction } from './return-action.ts';

/** POST /api/admin/returns/{id}/label: the label made and emailed, or its email sent again. */
export const useIssueLabel = (id: string) =>
  useReturnAction<{ idempotencyKey: string }>(id, 'label');
