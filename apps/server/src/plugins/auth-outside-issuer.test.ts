/**
 * The API with an outside issuer, changing nothing but OIDC_ISSUER, OIDC_AUDIENCE and OIDC_CLIENT_ID:
 * - a second instance of the shop on its own database and port stands in for the issuer (its built-in
 *   provider, RFC 9068 `at+jwt` tokens), over real HTTP on every test database;
 * - an Auth0-like issuer (a small HTTP server: discovery with a trailing-slash issuer, JWKS, userinfo)
 *   whose access tokens are `typ: JWT` and carry no email, so the API asks userinfo, once per token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createAccount } from '../features/identity/identity.test-helpers.ts';
import { mintToken, signInForApi, strangerKey } from '../features/customers/customers.factories.ts';
import {
  accessTokenVerifier,
  IssuerUnavailable,
  TokenRefused,
} from '../features/identity/access-tokens.ts';

const API_AUDIENCE = 'https://api.sunward.test';

describe.each(DATABASE_KINDS)('API tokens from an outside issuer (%s)', (kind) => {
  let issuer: TestApp;
  let api: TestApp;

  beforeAll(async () => {
    // The stand-in issuer: the shop's own provider, on its own database and port.
    issuer = await createTestApp(kind, {}, { OIDC_AUDIENCE: API_AUDIENCE });
    api = await createTestApp(
      kind,
      {},
      {
        OIDC_ISSUER: `${issuer.baseUrl}/oidc`,
        OIDC_AUDIENCE: API_AUDIENCE,
        OIDC_CLIENT_ID: 'sunward-web',
      },
    );
  });
  afterAll(async () => {
    await api?.close();
    await issuer?.close();
  });

  const customer = (token: string, id: string) =>
    api.request('GET', `/api/customers/${id}`, undefined, { authorization: `Bearer ${token}` });

  it('accepts the outside issuer’s access tokens and keys the customer by that issuer', async () => {
    // The API's server does not serve a provider of its own.
    expect((await api.request('GET', '/oidc/.well-known/openid-configuration')).status).toBe(404);

    const account = await createAccount(issuer.database.db, { name: 'Outside Shopper' });
    const { access_token } = await signInForApi(issuer.baseUrl, account.email, API_AUDIENCE);
    const res = await customer(access_token, account.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sub: account.id, email: account.email, email_verified: true });
    const identity = await api.database.db
      .selectFrom('customer_identities')
      .select('issuer')
      .where('subject', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(identity.issuer).toBe(`${issuer.baseUrl}/oidc`);
  });

  it('refuses the outside issuer’s tokens for another audience, and keys it does not publish', async () => {
    const wrongAudience = await mintToken(issuer.database.db, issuer.baseUrl, {
      claims: { aud: `${api.baseUrl}/api` },
    });
    const refused = await customer(wrongAudience, 'anyone');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/another audience/);

    const unknownKid = await mintToken(issuer.database.db, issuer.baseUrl, {
      claims: { aud: API_AUDIENCE },
      key: await strangerKey(),
    });
    const unknown = await customer(unknownKid, 'anyone');
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toMatch(/does not publish/);
  });

  it('refuses tokens of the API’s own database keys once an outside issuer is configured', async () => {
    // Keys the API's database holds (the built-in provider's) mean nothing with OIDC_ISSUER set.
    const own = await mintToken(api.database.db, api.baseUrl, { claims: { aud: API_AUDIENCE } });
    expect((await customer(own, 'anyone')).status).toBe(401);
  });
});

/** An Auth0-like issuer: `https://tenant/` with a trailing slash, JWT-typed tokens, email only at userinfo. */
async function auth0Like() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = {
    ...(await exportJWK(publicKey)),
    kid: 'auth0-key-1',
    alg: 'RS256',
    use: 'sig',
  };
  let userinfoCalls = 0;
  const profiles = new Map<string, object>();
  const server: Server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: `${base}/`,
        jwks_uri: `${base}/.well-known/jwks.json`,
        userinfo_endpoint: `${base}/userinfo`,
      });
    }
    if (req.url === '/.well-known/jwks.json') return json(200, { keys: [jwk] });
    if (req.url === '/userinfo') {
      userinfoCalls++;
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const profile = profiles.get(token);
      return profile ? json(200, profile) : json(401, { error: 'invalid_token' });
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    userinfoCalls: () => userinfoCalls,
    async token(sub: string, options: { typ?: string; profile?: object; aud?: string } = {}) {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ scope: 'openid profile email' })
        .setProtectedHeader({ alg: 'RS256', typ: options.typ ?? 'JWT', kid: jwk.kid })
        .setIssuer(`${base}/`)
        .setSubject(sub)
        .setAudience([options.aud ?? API_AUDIENCE, `${base}/userinfo`])
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(privateKey);
      if (options.profile) profiles.set(token, { sub, ...options.profile });
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('API tokens from an Auth0-like issuer', () => {
  let idp: Awaited<ReturnType<typeof auth0Like>>;
  let api: TestApp;

  beforeAll(async () => {
    idp = await auth0Like();
    // OIDC_ISSUER written without the trailing slash: discovery gives the issuer's own spelling.
    api = await createTestApp(
      'sqlite',
      {},
      { OIDC_ISSUER: idp.base, OIDC_AUDIENCE: API_AUDIENCE, OIDC_CLIENT_ID: 'auth0-spa-client' },
    );
  });
  afterAll(async () => {
    await api?.close();
    await idp?.close();
  });

  const customer = (token: string, id: string) =>
    api.request('GET', `/api/customers/${encodeURIComponent(id)}`, undefined, {
      authorization: `Bearer ${token}`,
    });

  it('accepts typ JWT, reads email and name from userinfo once per token', async () => {
    const token = await idp.token('auth0|5f7c8ec7c33c6c004bbafe82', {
      profile: { email: 'Zero@Example.com', email_verified: true, name: 'Zero Auth' },
    });
    const before = idp.userinfoCalls();
    const first = await customer(token, 'auth0|5f7c8ec7c33c6c004bbafe82');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      sub: 'auth0|5f7c8ec7c33c6c004bbafe82',
      email: 'zero@example.com',
      email_verified: true,
      name: 'Zero Auth',
    });
    expect((await customer(token, 'auth0|5f7c8ec7c33c6c004bbafe82')).status).toBe(200);
    expect(idp.userinfoCalls() - before).toBe(1);
    const identity = await api.database.db
      .selectFrom('customer_identities')
      .select(['issuer', 'connection'])
      .where('subject', '=', 'auth0|5f7c8ec7c33c6c004bbafe82')
      .executeTakeFirstOrThrow();
    expect(identity).toEqual({ issuer: `${idp.base}/`, connection: 'auth0' });
  });

  it('accepts at+jwt too by default; refuses another audience', async () => {
    const rfc9068 = await idp.token('auth0|second', {
      typ: 'at+jwt',
      profile: { email: 'b@example.com' },
    });
    expect((await customer(rfc9068, 'auth0|second')).status).toBe(200);
    const other = await idp.token('auth0|second', { aud: 'https://another.api' });
    expect((await customer(other, 'auth0|second')).status).toBe(401);
  });

  it('a userinfo failure leaves the user without an email, unverified', async () => {
    const token = await idp.token('auth0|no-profile');
    const res = await customer(token, 'auth0|no-profile');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: '', email_verified: false });
  });

  it('pins the typ with OIDC_TOKEN_TYPE, and says when the issuer cannot be reached', async () => {
    const db = {} as Db; // an outside issuer's keys never come from the database
    const strict = accessTokenVerifier(
      loadConfig({ OIDC_ISSUER: idp.base, OIDC_AUDIENCE: API_AUDIENCE, OIDC_TOKEN_TYPE: 'JWT' }),
      db,
    );
    await expect(strict(await idp.token('auth0|x'))).resolves.toMatchObject({ subject: 'auth0|x' });
    await expect(strict(await idp.token('auth0|x', { typ: 'at+jwt' }))).rejects.toBeInstanceOf(
      TokenRefused,
    );
    const unreachable = accessTokenVerifier(
      loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_AUDIENCE: API_AUDIENCE }),
      db,
    );
    await expect(unreachable(await idp.token('auth0|x'))).rejects.toBeInstanceOf(IssuerUnavailable);
  });
});
