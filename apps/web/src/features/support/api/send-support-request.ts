import { useMutation } from '@tanstack/react-query';
import type { SupportRequest } from '@sunward/core/support';
import { readError } from '@/shared/api/http.ts';
import { postForm } from './optional-bearer.ts';
import { supportApiPaths } from './support-api-paths.ts';

/** POST /api/support: success is a 200 (spec 7); anything else throws. */
export async function sendSupportRequest(body: SupportRequest): Promise<void> {
  const response = await postForm(supportApiPaths.support(), body);
  if (response.status !== 200) throw await readError(response);
}

export function useSendSupportRequest() {
  return useMutation({ mutationFn: sendSupportRequest });
}
