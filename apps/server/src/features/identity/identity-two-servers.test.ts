/**
 * Two app instances on one database, as behind a load balancer with one SITE_URL: the shopper signs in
 * through one; the code exchange and the refresh go to the other, which shares sessions, codes, refresh
 * tokens, cookie keys and signing keys through the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { DATABASE_KINDS, attachApp, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  Browser,
  TEST_PASSWORD,
  createAccount,
  relyingParty,
  signInThroughPages,
  startLogin,
} from './identity.test-helpers.ts';

describe.each(DATABASE_KINDS)('identity provider on two servers (%s)', (kind) => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp(kind);
    b = await attachApp(a.database);
    // One public address for both, as a load balancer gives them.
    b.config.siteUrl = a.baseUrl;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('signs in through one server and exchanges and refreshes through the other', async () => {
    const account = await createAccount(a.database.db);
    const rp = await relyingParty(a.baseUrl);
    const login = await startLogin(rp, a.baseUrl, { audience: `${a.baseUrl}/api` });
    const callback = await signInThroughPages(new Browser(), login.url, a.baseUrl, {
      email: account.email,
      password: TEST_PASSWORD,
    });

    // From here every call to the provider reaches server B.
    const toB = (url: string) => url.replace(a.baseUrl, b.baseUrl);
    rp[client.customFetch] = (url, options) => fetch(toB(url), options);
    const tokens = await client.authorizationCodeGrant(rp, new URL(callback.location!), {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
    });
    expect(tokens.claims()?.sub).toBe(account.id);
    expect(tokens.claims()?.iss).toBe(`${a.baseUrl}/oidc`);
    const refreshed = await client.refreshTokenGrant(rp, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();

    // Both publish the same keys.
    const jwksA = await (await fetch(`${a.baseUrl}/oidc/jwks`)).json();
    const jwksB = await (await fetch(`${b.baseUrl}/oidc/jwks`)).json();
    expect(jwksB).toEqual(jwksA);
  });
});
