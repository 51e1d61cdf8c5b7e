import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { ApiError, readError } from '@/shared/api/http.ts';

/** Said when the session has ended and no access token can be had. */
export const SIGNED_OUT_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * A call to the shop's API as the signed-in customer: `Authorization: Bearer <access token>` (renewed
 * first when it has expired). JSON in (only when a body is given) and out; a non-OK reply throws its
 * ApiError (the server's message and code).
 */
export async function authorizedFetch(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  const token = await useAuthStore.getState().actions.accessToken();
  if (!token) throw new ApiError(SIGNED_OUT_MESSAGE, 401, undefined, 'unauthorized');
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${token}`,
  };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  if (!response.ok) throw await readError(response);
  return response;
}
