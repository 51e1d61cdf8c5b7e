import { adminKeys } from '@/shared/console/admin-api.ts';

export const jobsKeys = {
  overview: () => adminKeys.area('jobs', 'overview'),
};
