import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/test/fake-cart-api.ts';
import { useToastStore } from '../toast/toast-store.ts';
import { sendAuthorized } from './authorized.ts';

const ENDED =
  'This sign-in has ended: the password was changed or the email confirmed. Please sign in again.';

const answer = (status: number, json: unknown) =>
  new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers in turn, recording the bearer of each call. */
function fakeFetch(...answers: Response[]) {
  const bearers: (string | null)[] = [];
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    bearers.push(new Headers(init?.headers).get('authorization'));
    return answers.shift()!;
  });
  vi.stubGlobal('fetch', fetchMock);
  return bearers;
}

afterEach(() => vi.unstubAllGlobals());

describe('sendAuthorized when the API refuses the token (issue 23)', () => {
  it('renews the token once and sends the call again', async () => {
    const actions = signInAs();
    vi.mocked(actions.renew).mockResolvedValue('token-renewed');
    const bearers = fakeFetch(
      answer(401, { code: 'invalid_token', message: ENDED }),
      answer(200, { ok: true }),
    );
    const response = await sendAuthorized('/api/orders/cancel', { method: 'POST', body: {} });
    expect(response.status).toBe(200);
    expect(bearers).toEqual(['Bearer token-ada', 'Bearer token-renewed']);
  });

  it('says why and stops when the provider refuses the renewal too (signed out here)', async () => {
    const actions = signInAs();
    const bearers = fakeFetch(answer(401, { code: 'invalid_token', message: ENDED }));
    await expect(sendAuthorized('/api/customers/u1')).rejects.toMatchObject({
      status: 401,
      message: ENDED,
    });
    expect(actions.renew).toHaveBeenCalledTimes(1);
    expect(bearers).toHaveLength(1);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(ENDED);
  });

  it('leaves other failures alone', async () => {
    const actions = signInAs();
    fakeFetch(answer(403, { code: 'forbidden', message: 'Not yours.' }));
    await expect(sendAuthorized('/api/customers/u2')).rejects.toMatchObject({ status: 403 });
    expect(actions.renew).not.toHaveBeenCalled();
  });
});
