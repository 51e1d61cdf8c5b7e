/**
 * Test factories for the API's bearer tokens: a real access token from the built-in provider (signed in
 * through its hosted page with openid-client), tokens minted with the provider's own current key (so a
 * test changes one thing at a time: the audience, the issuer, the expiry, the typ), and guest orders.
 */
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import * as client from 'openid-client';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload } from 'jose';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { jwksFrom, storedKeysText } from '../identity/oidc-keys.ts';
import {
  Browser,
  TEST_PASSWORD,
  relyingParty,
  signInThroughPages,
  startLogin,
} from '../identity/identity.test-helpers.ts';
import { orderRow } from '../orders/orders.factories.ts';
import type { NewOrder } from '../orders/orders.table.ts';

/**
 * Signs in on the built-in provider at `issuerBase` (its /oidc) and returns the tokens, the access token
 * for `audience` (default `${issuerBase}/api`).
 */
export async function signInForApi(
  issuerBase: string,
  email: string,
  audience = `${issuerBase}/api`,
  /** Another server on the same database that exchanges the code (and so signs the tokens). */
  exchangeVia?: string,
): Promise<client.TokenEndpointResponse & client.TokenEndpointResponseHelpers> {
  const rp = await relyingParty(issuerBase);
  const login = await startLogin(rp, issuerBase, { audience });
  const callback = await signInThroughPages(new Browser(), login.url, issuerBase, {
    email,
    password: TEST_PASSWORD,
  });
  if (!callback.location?.includes('code=')) {
    throw new Error(`Sign-in did not reach the callback: ${callback.status} ${callback.location}`);
  }
  if (exchangeVia) {
    rp[client.customFetch] = (url, options) => fetch(url.replace(issuerBase, exchangeVia), options);
  }
  return client.authorizationCodeGrant(rp, new URL(callback.location), {
    pkceCodeVerifier: login.verifier,
    expectedState: login.state,
  });
}

/** The provider's current private signing key (the first in the stored set). */
export async function currentSigningKey(db: Db): Promise<JWK> {
  return jwksFrom(await storedKeysText(db)).keys[0]!;
}

export interface MintOptions {
  /** Claims to add or replace (undefined removes one). */
  claims?: Record<string, unknown>;
  /** Header members to add or replace. */
  header?: Record<string, unknown>;
  /** Sign with this private JWK instead of the provider's current key. */
  key?: JWK;
}

/**
 * An access token as the built-in provider at `baseUrl` would issue it (RS256, `typ: at+jwt`, its
 * current key, `aud` `${baseUrl}/api`, an hour to live), with `options` changing what a test needs.
 */
export async function mintToken(db: Db, baseUrl: string, options: MintOptions = {}) {
  const jwk = options.key ?? (await currentSigningKey(db));
  const now = Math.floor(Date.now() / 1000);
  const claims: JWTPayload = {
    iss: `${baseUrl}/oidc`,
    aud: `${baseUrl}/api`,
    sub: newId('acct'),
    client_id: 'sunward-web',
    jti: newId('jti'),
    iat: now,
    exp: now + 3600,
    email: 'minted@example.com',
    email_verified: true,
    name: 'Minted Shopper',
    ...options.claims,
  };
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid, ...options.header })
    .sign(await importJWK(jwk, 'RS256'));
}

/** A key the provider never published, with a kid of its own. */
export async function strangerKey(kid = 'not-published'): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid };
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsecured JWT (`alg: none`) with the claims a good token would have. */
export async function unsecuredToken(db: Db, baseUrl: string): Promise<string> {
  const good = await mintToken(db, baseUrl);
  const payload = good.split('.')[1]!;
  return `${b64({ alg: 'none', typ: 'at+jwt' })}.${payload}.`;
}

/** The classic confusion: HS256 with the provider's public key (PEM) as the shared secret. */
export async function hs256WithPublicKey(db: Db, baseUrl: string): Promise<string> {
  const jwk = await currentSigningKey(db);
  const pem = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' })
    .export({ type: 'spki', format: 'pem' })
    .toString();
  const good = await mintToken(db, baseUrl);
  const payload = JSON.parse(
    Buffer.from(good.split('.')[1]!, 'base64url').toString(),
  ) as JWTPayload;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: jwk.kid })
    .sign(new TextEncoder().encode(pem));
}

/** A guest order (no customer) placed with `email`, straight in the database. */
export async function insertGuestOrder(db: Db, email: string, overrides: Partial<NewOrder> = {}) {
  const created = '2026-01-02T03:04:05.000Z';
  const row = orderRow({
    payment_intent_id: newId('pi'),
    email,
    card_brand: 'visa',
    card_last4: '4242',
    created_at: created,
    updated_at: created,
    ...overrides,
  });
  await db.insertInto('orders').values(row).execute();
  return row;
}
