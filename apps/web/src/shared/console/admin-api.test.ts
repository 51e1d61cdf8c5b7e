import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/shared/api/http.ts';
import { callsTo, fakeApi } from '@/test/fake-api.ts';
import { OPERATOR_TOKEN, signInAs } from '@/test/console.tsx';
import { adminGet, adminKeys, adminSend, adminUrl } from './admin-api.ts';

describe('adminUrl', () => {
  it.each([
    [adminUrl('/session'), '/api/admin/session'],
    [
      adminUrl('/orders', { status: 'pending', before: undefined, q: '' }),
      '/api/admin/orders?status=pending',
    ],
    // Values are encoded, so a search never adds a parameter.
    [adminUrl('/orders', { q: 'a&b=c #1' }), '/api/admin/orders?q=a%26b%3Dc+%231'],
    [adminUrl('/activity', { limit: 50, flag: false }), '/api/admin/activity?limit=50&flag=false'],
  ])('%s', (url, expected) => {
    expect(url).toBe(expected);
  });
});

describe('adminGet and adminSend', () => {
  it("sends the operator's bearer and parses the answer with the guard", async () => {
    signInAs();
    const spy = fakeApi({ 'GET /api/admin/thing': () => ({ json: { n: 3, extra: 'x' } }) });
    const answer = await adminGet(adminUrl('/thing'), z.object({ n: z.number() }));
    expect(answer).toEqual({ n: 3 });
    const [call] = callsTo(spy, 'GET', '/api/admin/thing');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${OPERATOR_TOKEN}`);
  });

  it("throws the server's message and code", async () => {
    signInAs();
    fakeApi({
      'GET /api/admin/thing': () => ({
        status: 403,
        json: { code: 'forbidden', message: 'Operators only.' },
      }),
    });
    const error = await adminGet(adminUrl('/thing')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'Operators only.' });
  });

  it('a guard that refuses the answer is an error, not bad data', async () => {
    signInAs();
    fakeApi({ 'GET /api/admin/thing': () => ({ json: { n: 'three' } }) });
    await expect(adminGet(adminUrl('/thing'), z.object({ n: z.number() }))).rejects.toThrow();
  });

  it('sends a JSON body with its method; an empty answer is undefined', async () => {
    signInAs();
    const spy = fakeApi({
      'PATCH /api/admin/thing': () => ({ json: { ok: true } }),
      'DELETE /api/admin/thing': () => ({ status: 204 }),
    });
    expect(await adminSend(adminUrl('/thing'), { method: 'PATCH', body: { a: 1 } })).toEqual({
      ok: true,
    });
    expect(await adminSend(adminUrl('/thing'), { method: 'DELETE' })).toBeUndefined();
    const [patch] = callsTo(spy, 'PATCH', '/api/admin/thing');
    expect(patch?.body).toEqual({ a: 1 });
    expect(patch?.headers.get('content-type')).toBe('application/json');
  });

  it('signed out, nothing is sent: the error says to sign in again (401)', async () => {
    const spy = fakeApi();
    await expect(adminGet(adminUrl('/thing'))).rejects.toMatchObject({ status: 401 });
    expect(callsTo(spy, 'GET', '/api/admin')).toHaveLength(0);
  });
});

describe('adminKeys', () => {
  it('every key is under the root, so all console data can be dropped at once', () => {
    expect(adminKeys.session('u1').slice(0, 1)).toEqual(adminKeys.all);
    expect(adminKeys.area('orders', { status: 'pending' })).toEqual([
      'admin',
      'orders',
      { status: 'pending' },
    ]);
  });
});
