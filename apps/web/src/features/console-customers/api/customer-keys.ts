import { adminKeys } from '@/shared/console/admin-api.ts';

export const customerKeys = {
  list: (filters: object) => adminKeys.area('customers', 'list', filters),
  customer: (id: string) => adminKeys.area('customers', 'customer', id),
  guest: (orderId: string) => adminKeys.area('customers', 'guest', orderId),
};
