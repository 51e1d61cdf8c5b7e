/**
 * The built-in provider driven by a relying-party library (openid-client), over real HTTP, on every
 * test database: discovery, code + PKCE through the hosted sign-in page, token exchange, refresh with
 * rotation, userinfo, prompt=none, RP-initiated logout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  Browser,
  TEST_PASSWORD,
  createAccount,
  formAction,
  hiddenFields,
  relyingParty,
  signInThroughPages,
  startLogin,
} from './identity.test-helpers.ts';

describe.each(DATABASE_KINDS)('OpenID Connect provider (%s)', (kind) => {
  let t: TestApp;
  let rp: client.Configuration;
  let account: Awaited<ReturnType<typeof createAccount>>;
  const browser = new Browser();

  beforeAll(async () => {
    t = await createTestApp(kind);
    account = await createAccount(t.database.db, { name: 'Avery Sun' });
    rp = await relyingParty(t.baseUrl);
  });
  afterAll(async () => t?.close());

  it('publishes discovery: issuer at /oidc, PKCE S256 only, RS256 keys', async () => {
    const meta = rp.serverMetadata();
    expect(meta.issuer).toBe(`${t.baseUrl}/oidc`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    );
    expect(meta.end_session_endpoint).toBe(`${t.baseUrl}/oidc/session/end`);
    const jwks = (await (await fetch(meta.jwks_uri!)).json()) as {
      keys: { alg: string; d?: string }[];
    };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.every((k) => k.alg === 'RS256' && k.d === undefined)).toBe(true);
  });

  it('refuses an authorization request without PKCE', async () => {
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: `${t.baseUrl}/callback`,
      scope: 'openid',
      state: 'x',
    });
    const page = await new Browser().open(url.toString());
    expect(page.location).toContain('error=invalid_request');
  });

  let refreshToken: string;
  let idToken: string;

  it('signs in with code + PKCE; the ID token names the account; the access token is a JWT for the API', async () => {
    const login = await startLogin(rp, t.baseUrl, { audience: `${t.baseUrl}/api` });
    const callback = await signInThroughPages(browser, login.url, t.baseUrl, {
      email: account.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(callback.location).toMatch(new RegExp(`^${t.baseUrl}/callback\\?code=`));
    const tokens = await client.authorizationCodeGrant(rp, new URL(callback.location!), {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
    });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      sub: account.id,
      email: account.email,
      email_verified: true,
      name: 'Avery Sun',
    });
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
      typ: 'at+jwt',
      alg: 'RS256',
    });
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      aud: `${t.baseUrl}/api`,
      iss: `${t.baseUrl}/oidc`,
      sub: account.id,
    });
    expect(tokens.refresh_token).toBeTruthy();
    refreshToken = tokens.refresh_token!;
    idToken = tokens.id_token!;
  });

  it('renews silently with prompt=none and serves userinfo with email, email_verified and name', async () => {
    // No audience: an access token for the userinfo endpoint (as Auth0 gives without one).
    const login = await startLogin(rp, t.baseUrl, {
      prompt: 'none',
      redirect_uri: `${t.baseUrl}/silent-renew`,
    });
    const back = await browser.follow(await browser.open(login.url), `${t.baseUrl}/silent-renew`);
    expect(back.location).toMatch(/\/silent-renew\?code=/);
    const tokens = await client.authorizationCodeGrant(rp, new URL(back.location!), {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
    });
    const info = await client.fetchUserInfo(rp, tokens.access_token, account.id);
    expect(info).toMatchObject({ email: account.email, email_verified: true, name: 'Avery Sun' });
  });

  it('rotates the refresh token on use; the old one then fails and revokes the grant', async () => {
    const first = await client.refreshTokenGrant(rp, refreshToken);
    expect(first.refresh_token).toBeTruthy();
    expect(first.refresh_token).not.toBe(refreshToken);
    expect(decodeProtectedHeader(first.access_token).typ).toBe('at+jwt');
    await expect(client.refreshTokenGrant(rp, refreshToken)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Reuse of a rotated token is taken as theft: the whole grant is gone, the newest token too.
    await expect(client.refreshTokenGrant(rp, first.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('signs out through RP-initiated logout and returns to the shop; prompt=none then needs a login', async () => {
    const end = client.buildEndSessionUrl(rp, {
      id_token_hint: idToken,
      post_logout_redirect_uri: `${t.baseUrl}/`,
    });
    const confirm = await browser.open(end.toString());
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('Sign out');
    expect(confirm.text).not.toContain('<script');
    const done = await browser.open(formAction(confirm), {
      form: { ...hiddenFields(confirm), logout: 'yes' },
    });
    expect(done.location).toBe(`${t.baseUrl}/`);

    const login = await startLogin(rp, t.baseUrl, { prompt: 'none' });
    const back = await browser.follow(await browser.open(login.url), `${t.baseUrl}/callback`);
    expect(back.location).toContain('error=login_required');
  });
});
