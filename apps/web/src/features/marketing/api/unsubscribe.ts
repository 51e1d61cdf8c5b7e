import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '@/shared/api/api-paths.ts';
import { sendJson } from '@/shared/api/http.ts';

const UnsubscribedSchema = z.object({ email: z.string() });

/**
 * POST /api/unsubscribe: the unsubscribe page's button (decision 044). The token is the email's signed
 * link; the address stops getting marketing email at once. Answers the address.
 */
export async function unsubscribe(token: string): Promise<{ email: string }> {
  const response = await sendJson(apiPaths.unsubscribe(), { token });
  return UnsubscribedSchema.parse(await response.json());
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
