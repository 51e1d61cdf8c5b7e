import { useMutation } from '@tanstack/react-query';
import { DataRequestResponseSchema, type DataRequest } from '@sunward/core/support';
import { readError } from '@/shared/api/http.ts';
import { postForm } from './optional-bearer.ts';
import { supportApiPaths } from './support-api-paths.ts';

/**
 * POST /api/support/data-request: success is a 200 (spec 7); anything else throws. Answers the
 * deadline the shop gave the request (an ISO date), or null when the answer does not say.
 */
export async function sendDataRequest(body: DataRequest): Promise<{ dueBy: string | null }> {
  const response = await postForm(supportApiPaths.dataRequest(), body);
  if (response.status !== 200) throw await readError(response);
  const parsed = DataRequestResponseSchema.safeParse(await response.json().catch(() => null));
  return { dueBy: parsed.success ? parsed.data.dueBy : null };
}

export function useSendDataRequest() {
  return useMutation({ mutationFn: sendDataRequest });
}
