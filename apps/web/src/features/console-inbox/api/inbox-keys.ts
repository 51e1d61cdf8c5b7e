import { adminKeys } from '@/shared/console/admin-api.ts';

/** The inbox's query keys, under the console's root (signing out drops them all). */
export const inboxKeys = {
  supportList: (filters: object) => adminKeys.area('support', 'list', filters),
  supportMessage: (id: string) => adminKeys.area('support', 'message', id),
  dataRequestList: (filters: object) => adminKeys.area('data-requests', 'list', filters),
  dataRequest: (id: string) => adminKeys.area('data-requests', 'request', id),
  /** Every page of each list: read again after a change, so the lists show it too. */
  supportLists: () => adminKeys.area('support', 'list'),
  dataRequestLists: () => adminKeys.area('data-requests', 'list'),
};
