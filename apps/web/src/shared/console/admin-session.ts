import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '@/shared/api/http.ts';
import { adminGet, adminKeys, adminUrl } from './admin-api.ts';

/** GET /api/admin/session: the signed-in operator (401 without a valid sign-in, 403 for a customer). */
const AdminSessionSchema = z.object({
  customerId: z.string(),
  email: z.string(),
  name: z.string(),
});
export type AdminSession = z.infer<typeof AdminSessionSchema>;

export function getAdminSession(signal?: AbortSignal): Promise<AdminSession> {
  return adminGet(adminUrl('/session'), AdminSessionSchema, signal);
}

/**
 * Whether the signed-in user is an operator, asked once per user (the console's gate). The server's
 * answers (401, 403) are final and not retried; a network failure is retried once, then shown.
 */
export function useAdminSession(userId: string) {
  return useQuery({
    queryKey: adminKeys.session(userId),
    queryFn: ({ signal }) => getAdminSession(signal),
    retry: (failures, error) => !(error instanceof ApiError) && failures < 1,
    staleTime: 5 * 60_000,
  });
}
