import { adminKeys } from '@/shared/console/admin-api.ts';

export const reconciliationKeys = {
  overview: () => adminKeys.area('reconciliation', 'overview'),
};
