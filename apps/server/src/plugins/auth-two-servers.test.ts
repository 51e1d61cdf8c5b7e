/**
 * Two servers on one database, as behind a load balancer with one SITE_URL: a token from one is taken by
 * the API of the other, and a key rotated in by a third process is found by the API when a token first
 * names it (the verifier rereads the keys from the database on an unknown kid).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import { DATABASE_KINDS, attachApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAccount } from '../features/identity/identity.test-helpers.ts';
import { rotateSigningKeys } from '../features/identity/oidc-keys.ts';
import { signInForApi } from '../features/customers/customers.factories.ts';

describe.each(DATABASE_KINDS)('API tokens across servers on one database (%s)', (kind) => {
  let a: TestApp;
  let b: TestApp;
  const extra: TestApp[] = [];

  beforeAll(async () => {
    a = await createTestApp(kind);
    b = await attachApp(a.database);
    // One public address for both, as a load balancer gives them.
    b.config.siteUrl = a.baseUrl;
  });
  afterAll(async () => {
    for (const app of extra) await app.close();
    await b?.close();
    await a?.close();
  });

  const customer = (server: TestApp, token: string, id: string) =>
    server.request('GET', `/api/customers/${id}`, undefined, { authorization: `Bearer ${token}` });

  it('takes a token from one server on the other, for the one customer', async () => {
    const account = await createAccount(a.database.db, { name: 'Two Servers' });
    const { access_token } = await signInForApi(a.baseUrl, account.email);
    const onB = await customer(b, access_token, account.id);
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ sub: account.id, email: account.email });
    const onA = await customer(a, access_token, account.id);
    expect(onA.body).toEqual(onB.body);
  });

  it('finds a key another process rotated in when a token first names it', async () => {
    const account = await createAccount(a.database.db);
    const first = await signInForApi(a.baseUrl, account.email);
    expect((await customer(b, first.access_token, account.id)).status).toBe(200);

    const { current } = await rotateSigningKeys(a.database.db);
    // A server started after the rotation signs with the new key.
    const c = await attachApp(a.database);
    extra.push(c);
    c.config.siteUrl = a.baseUrl;
    const second = await signInForApi(a.baseUrl, account.email, undefined, c.baseUrl);
    expect(decodeProtectedHeader(second.access_token).kid).toBe(current);

    // B read the keys a moment ago: it rereads at most once a second (by Date.now()). Its clock moves
    // on by more than that here, instead of the test waiting for it.
    const realNow = Date.now;
    const later = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 1_100);
    try {
      expect((await customer(b, second.access_token, account.id)).status).toBe(200);
      // The token signed before the rotation stays good (the retired key is still published).
      expect((await customer(b, first.access_token, account.id)).status).toBe(200);
    } finally {
      later.mockRestore();
    }
  });
});
