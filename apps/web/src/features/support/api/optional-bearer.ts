import { useAuthStore } from '@/shared/auth/auth-store.ts';

/**
 * The forms send the signed-in shopper's access token, so the shop knows whose message it is; a guest
 * (or a sign-in whose token cannot be had) sends none.
 */
export async function optionalBearer(): Promise<Record<string, string>> {
  const { status, actions } = useAuthStore.getState();
  if (status !== 'signedIn') return {};
  const token = await actions.accessToken().catch(() => null);
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** POST `body` as JSON, with the bearer when signed in; the raw answer (spec 7: "raw response"). */
export async function postForm(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(await optionalBearer()),
    },
    body: JSON.stringify(body),
  });
}
