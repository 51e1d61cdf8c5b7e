import { useAuthStore } from '../auth/auth-store.ts';
import { toast } from '../toast/toast-store.ts';
import { ApiError, readError } from './http.ts';

/** Spec 8: what a signed-in call says when there is no valid sign-in any more. */
export const SIGN_IN_AGAIN = 'Your sign-in has expired. Please sign in again.';

/**
 * A call for the signed-in shopper: `Authorization: Bearer <access token>` (spec 6), a JSON body when
 * given. A non-OK reply throws its body's message (ApiError); no token throws SIGN_IN_AGAIN. A token
 * the API refuses (401: its sign-in was ended by a password change on another device) is renewed once
 * and the call sent again, which the refusal made safe (nothing was done); when the provider refuses
 * the renewal too, this browser is signed out and the server's reason shown.
 */
export async function sendAuthorized(
  url: string,
  init: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  const { actions } = useAuthStore.getState();
  const token = await actions.accessToken();
  if (!token) throw new ApiError(SIGN_IN_AGAIN, 401, undefined, 'unauthorized');
  const send = (bearer: string) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${bearer}`,
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  };
  let response = await send(token);
  if (response.status === 401) {
    const renewed = await actions.renew();
    if (!renewed) {
      const error = await readError(response);
      toast.error(error.message, { id: 'signed-out' });
      throw error;
    }
    response = await send(renewed);
  }
  if (!response.ok) throw await readError(response);
  return response;
}
