/**
 * Bearer tokens on the API with the built-in provider, over real HTTP on every test database: a real
 * access token from the provider is accepted; every forged, misdirected or stale token is refused with
 * 401 and RFC 6750's WWW-Authenticate, and a token for another user's id gets 403.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAccount } from '../features/identity/identity.test-helpers.ts';
import { rotateSigningKeys } from '../features/identity/oidc-keys.ts';
import {
  currentSigningKey,
  hs256WithPublicKey,
  mintToken,
  signInForApi,
  strangerKey,
  unsecuredToken,
} from '../features/customers/customers.factories.ts';
import { INVALID_TOKEN_MESSAGE } from './auth.ts';
import { ConfigError, loadConfig } from '../config.ts';

describe('token settings from the environment', () => {
  it("defaults to RS256 and the issuer's own typ; takes lists; refuses none and HS*", () => {
    expect(loadConfig({}).oidc).toMatchObject({ algorithms: ['RS256'], tokenTypes: undefined });
    expect(
      loadConfig({ OIDC_ALGORITHMS: 'RS256, ES256', OIDC_TOKEN_TYPE: 'JWT' }).oidc,
    ).toMatchObject({ algorithms: ['RS256', 'ES256'], tokenTypes: ['JWT'] });
    expect(() => loadConfig({ OIDC_ALGORITHMS: 'HS256' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ALGORITHMS: 'none' })).toThrow(/OIDC_ALGORITHMS="none"/);
    expect(() => loadConfig({ OIDC_TOKEN_TYPE: 'at jwt' })).toThrow(/OIDC_TOKEN_TYPE/);
  });
});

describe.each(DATABASE_KINDS)('API bearer tokens, built-in provider (%s)', (kind) => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof createAccount>>;
  let accessToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    account = await createAccount(t.database.db, { name: 'Avery Sun' });
    accessToken = (await signInForApi(t.baseUrl, account.email)).access_token;
  });
  afterAll(async () => t?.close());

  const get = (path: string, token?: string, scheme = 'Bearer') =>
    t.request(
      'GET',
      path,
      undefined,
      token === undefined ? {} : { authorization: `${scheme} ${token}` },
    );
  const me = (token?: string, id = account.id) => get(`/api/customers/${id}`, token);

  /** A 401 for a token that was sent: invalid_token in the body and the header, with a reason. */
  async function expectRefused(token: string, reason: RegExp) {
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: INVALID_TOKEN_MESSAGE, code: 'invalid_token' });
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="[^"]+"$/);
    expect(challenge).toMatch(reason);
    expect(res.headers.get('content-type')).toContain('application/json');
    return res;
  }

  it('accepts a real access token from the built-in provider (RS256, at+jwt, aud /api)', async () => {
    expect(decodeProtectedHeader(accessToken)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    // The provider puts who the user is into the access token (extraTokenClaims).
    expect(decodeJwt(accessToken)).toMatchObject({
      sub: account.id,
      email: account.email,
      email_verified: true,
      name: 'Avery Sun',
    });
    const res = await me(accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sub: account.id,
      email: account.email,
      email_verified: true,
      name: 'Avery Sun',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 with WWW-Authenticate: Bearer when no token is sent', async () => {
    for (const res of [
      await me(),
      await get(`/api/customers/${account.id}`, 'dXNlcjpwYXNz', 'Basic'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Please sign in to continue.', code: 'unauthorized' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('refuses a token that is not a JWT, or an empty one', async () => {
    await expectRefused('not-a-jwt', /not a valid JWT/);
    const empty = await t.request('GET', `/api/customers/${account.id}`, undefined, {
      authorization: 'Bearer ',
    });
    expect(empty.status).toBe(401);
    expect(empty.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('refuses alg none', async () => {
    await expectRefused(await unsecuredToken(t.database.db, t.baseUrl), /algorithm/);
  });

  it('refuses HS256 signed with the public key as the secret', async () => {
    await expectRefused(await hs256WithPublicKey(t.database.db, t.baseUrl), /algorithm/);
  });

  it('refuses a token for another audience', async () => {
    const token = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub: account.id, aud: 'https://other.example.com/api' },
    });
    await expectRefused(token, /another audience/);
    // An ID token's audience is the client: not a token for the API either.
    const idLike = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub: account.id, aud: 'sunward-web' },
    });
    await expectRefused(idLike, /another audience/);
  });

  it('refuses a token from another issuer', async () => {
    const token = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub: account.id, iss: 'https://evil.example.com/oidc' },
    });
    await expectRefused(token, /another issuer/);
  });

  it('refuses a token expired beyond the 60 s leeway and accepts one within it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub: account.id, email: account.email, iat: now - 3700, exp: now - 90 },
    });
    await expectRefused(expired, /expired/);
    const withinLeeway = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub: account.id, email: account.email, iat: now - 3630, exp: now - 30 },
    });
    expect((await me(withinLeeway)).status).toBe(200);
  });

  it('refuses typ JWT (and no typ) where the built-in provider issues at+jwt', async () => {
    const jwtTyp = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub: account.id },
      header: { typ: 'JWT' },
    });
    await expectRefused(jwtTyp, /typ/);
    const noTyp = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub: account.id },
      header: { typ: undefined },
    });
    await expectRefused(noTyp, /typ/);
    // application/at+jwt is the same type (RFC 9068 allows both spellings).
    const longForm = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub: account.id, email: account.email },
      header: { typ: 'application/at+jwt' },
    });
    expect((await me(longForm)).status).toBe(200);
  });

  it('refuses a token without a subject', async () => {
    const token = await mintToken(t.database.db, t.baseUrl, { claims: { sub: undefined } });
    await expectRefused(token, /sub/);
  });

  it('refuses a forged signature under the real kid', async () => {
    const real = await currentSigningKey(t.database.db);
    const forged = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub: account.id },
      key: await strangerKey(real.kid),
    });
    await expectRefused(forged, /signature/);
  });

  it('refuses an unknown kid; after a key rotation the new kid is read and accepted', async () => {
    const stranger = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub: account.id },
      key: await strangerKey(),
    });
    await expectRefused(stranger, /key the issuer does not publish/);

    // `npm run oidc -- rotate-keys`, as another process would run it.
    const before = (await currentSigningKey(t.database.db)).kid;
    const rotated = await rotateSigningKeys(t.database.db);
    expect(rotated.current).not.toBe(before);
    expect(rotated.published).toContain(before);
    // An unknown kid makes the verifier reread the keys at most once a second (by Date.now()): its
    // clock moves on by more than that here, instead of the test waiting for it.
    const realNow = Date.now;
    const later = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 1_100);
    try {
      const fresh = await mintToken(t.database.db, t.baseUrl, {
        claims: { sub: account.id, email: account.email },
      });
      expect(decodeProtectedHeader(fresh).kid).toBe(rotated.current);
      expect((await me(fresh)).status).toBe(200);
      // Tokens signed with the retired key stay good until they expire.
      expect((await me(accessToken)).status).toBe(200);
      // A key nobody published stays unknown after the reread.
      expect((await me(stranger)).status).toBe(401);
    } finally {
      later.mockRestore();
    }
  });

  it("answers 403 for another user's id, whether or not it exists, without a challenge", async () => {
    const other = await createAccount(t.database.db, { name: 'Other Person' });
    const otherToken = (await signInForApi(t.baseUrl, other.email)).access_token;
    expect((await me(otherToken, other.id)).status).toBe(200);

    const theirs = await me(accessToken, other.id);
    expect(theirs.status).toBe(403);
    expect(theirs.body).toMatchObject({ code: 'forbidden' });
    expect(theirs.headers.get('www-authenticate')).toBeNull();
    const nobody = await me(accessToken, 'acct_does_not_exist');
    expect(nobody.status).toBe(403);
    expect(nobody.body).toEqual(theirs.body);
  });
});
