import { useAuthStore } from '../auth/auth-store.ts';
import { ApiError, readError } from './http.ts';

/** Spec 8: what a signed-in call says when there is no valid sign-in any more. */
export const SIGN_IN_AGAIN = 'Your sign-in has expired. Please sign in again.';

/**
 * A call for the signed-in shopper: `Authorization: Bearer <access token>` (spec 6), a JSON body when
 * given. A non-OK reply throws its body's message (ApiError); no token throws SIGN_IN_AGAIN.
 */
export async function sendAuthorized(
  url: string,
  init: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  const token = await useAuthStore.getState().actions.accessToken();
  if (!token) throw new ApiError(SIGN_IN_AGAIN, 401, undefined, 'unauthorized');
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
