import { useMutation } from '@tanstack/react-query';
import { DataRequestProvenSchema, type DataRequestProven } from '@sunward/core/support';
import { sendJson } from '@/shared/api/http.ts';
import { supportApiPaths } from './support-api-paths.ts';

/**
 * POST /api/support/data-request/proof: the emailed link's token proves the request's email (decision
 * 053). Throws the server's error as an ApiError: code `invalid_link` or `link_expired`.
 */
export async function proveDataRequest(token: string): Promise<DataRequestProven> {
  const response = await sendJson(supportApiPaths.dataRequestProof(), { token });
  return DataRequestProvenSchema.parse(await response.json());
}

export function useProveDataRequest() {
  return useMutation({ mutationFn: proveDataRequest });
}
