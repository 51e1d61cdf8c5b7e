import { adminKeys } from '@/shared/console/admin-api.ts';

export const discountsKeys = {
  list: () => adminKeys.area('discounts', 'list'),
};
