import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EmailListSchema, type EmailStatus } from '@sunward/core/console-outbox';
import { adminGet, adminUrl } from '@/shared/console/admin-api.ts';
import { outboxKeys } from './outbox-keys.ts';

export interface EmailFilters {
  status?: EmailStatus;
  /** Text in the address or the subject. */
  q?: string;
  after?: string | null;
}

export const EMAILS_PAGE = 25;

/** GET /api/admin/emails: a page of the outbox, newest first. */
export const getEmails = (filters: EmailFilters, signal?: AbortSignal) =>
  adminGet(adminUrl('/emails', { ...filters, limit: EMAILS_PAGE }), EmailListSchema, signal);

export function useEmails(filters: EmailFilters) {
  return useQuery({
    queryKey: outboxKeys.list(filters),
    queryFn: ({ signal }) => getEmails(filters, signal),
    placeholderData: keepPreviousData,
  });
}
