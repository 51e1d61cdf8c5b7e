import { adminKeys } from '@/shared/console/admin-api.ts';

export const outboxKeys = {
  lists: () => adminKeys.area('emails', 'list'),
  list: (filters: object) => adminKeys.area('emails', 'list', filters),
  email: (id: string) => adminKeys.area('emails', 'email', id),
};
