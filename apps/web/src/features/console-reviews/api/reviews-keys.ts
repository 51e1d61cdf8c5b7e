import { adminKeys } from '@/shared/console/admin-api.ts';

export const reviewsKeys = {
  list: () => adminKeys.area('reviews', 'list'),
};
