/**
 * Checking the API's access tokens (issue 12, part 3; docs/decisions/014; moved here from
 * plugins/auth.ts, which keeps the hooks, by issue 24): jose verifies a token against the issuer's keys,
 * with everything pinned:
 * - algorithms: RS256 for the built-in provider (the only one it signs with), `OIDC_ALGORITHMS` for an
 *   outside issuer (asymmetric only; never `none`, never HS*);
 * - issuer: `${SITE_URL}/oidc`, or the outside issuer as its discovery document spells it;
 * - audience: `OIDC_AUDIENCE` (default `${SITE_URL}/api`);
 * - type: the `typ` header, `OIDC_TOKEN_TYPE` (default `at+jwt` for the built-in provider, `at+jwt` or
 *   `JWT` for an outside one: Auth0 and Keycloak send `JWT`);
 * - expiry, with 60 s of leeway for clocks apart.
 *
 * Keys: an outside issuer's JWKS comes from its `jwks_uri` through jose's `createRemoteJWKSet` (cached
 * 10 minutes, fetched again when a token names an unknown `kid`, at most every 30 s). The built-in
 * provider's keys are read from the database where it keeps them (features/identity/oidc-keys.ts), so a
 * process needs no HTTP call to itself: the same `createLocalJWKSet` lookup, remade from the database
 * when a `kid` is unknown (at most once a second), so a key another process rotated in is found.
 *
 * A token of the built-in provider must also come from a sign-in the account has not ended since (a
 * password reset, an email confirmed: account-sessions.ts).
 *
 * The user is the token's issuer, subject, email, email_verified and name. The built-in provider
 * puts email, email_verified and name in its access tokens; when a token has no email (Auth0's access
 * tokens have none), the issuer's userinfo endpoint is asked once per token and the answer kept while
 * the token lives (at most 10 minutes).
 */
import { createHash } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../customers/customers.api.ts';
import { jwksFrom, SIGNING_ALG, storedKeysText } from './oidc-keys.ts';
import { currentEpoch, SIGN_IN_ENDED } from './account-sessions.ts';
import { oidcAudience } from './oidc-configuration.ts';

/** Seconds a token's exp, nbf and iat may be off (clocks of the issuer and the API apart). */
export const CLOCK_TOLERANCE_S = 60;
const HTTP_TIMEOUT_MS = 5_000;
/** The outside issuer's JWKS: kept this long, refetched on an unknown kid at most this often. */
const REMOTE_JWKS_MAX_AGE_MS = 10 * 60_000;
const REMOTE_JWKS_COOLDOWN_MS = 30_000;
/** The built-in keys (one row in the database): kept this long, reread on an unknown kid at most this often. */
const LOCAL_JWKS_MAX_AGE_MS = 60_000;
const LOCAL_JWKS_COOLDOWN_MS = 1_000;
/** A failed discovery is not retried for this long (every request would wait on a dead issuer). */
const DISCOVERY_RETRY_MS = 10_000;
const USERINFO_MAX_AGE_MS = 10 * 60_000;

/** The token was refused; the message is the `error_description`. */
export class TokenRefused extends Error {
  override name = 'TokenRefused';
}

/** The token is good, but its sign-in was ended (the shopper is told why). */
export class SignInEnded extends TokenRefused {
  override name = 'SignInEnded';
}

/** The issuer's discovery or keys could not be read: not the token's fault. */
export class IssuerUnavailable extends Error {
  override name = 'IssuerUnavailable';
}

/** What a token is checked against; for the built-in provider, from SITE_URL as it is now. */
export interface IssuerSettings {
  issuer: string;
  audience: string;
  algorithms: string[];
  /** Lowercase, without `application/`. */
  tokenTypes: string[];
  keys: JWTVerifyGetKey;
  userinfoEndpoint?: string;
  /** The built-in provider's own check: the token's sign-in has not been ended since (issue 23). */
  signInStands?: (payload: JWTPayload) => Promise<boolean>;
}

const normalizeTyp = (typ: string) => typ.toLowerCase().replace(/^application\//, '');
const noSlash = (url: string) => url.replace(/\/+$/, '');

/** The public members of a JWK (the stored ones are private keys). */
const PUBLIC_MEMBERS = ['kty', 'kid', 'alg', 'use', 'n', 'e', 'crv', 'x', 'y'] as const;
export function publicJwks(keys: JWK[]): JSONWebKeySet {
  return {
    keys: keys.map((key) => {
      const out: JWK = {};
      for (const member of PUBLIC_MEMBERS) if (key[member] !== undefined) out[member] = key[member];
      return out;
    }),
  };
}

/**
 * createLocalJWKSet over keys loaded by `load`, loaded again when they are older than `maxAgeMs` or a
 * token names a kid they lack (at most once per `cooldownMs`; concurrent reloads share one load).
 */
export function refreshingLocalJwks(
  load: () => Promise<JSONWebKeySet>,
  { maxAgeMs, cooldownMs }: { maxAgeMs: number; cooldownMs: number },
): JWTVerifyGetKey {
  let current: { lookup: JWTVerifyGetKey; at: number } | undefined;
  let loading: Promise<{ lookup: JWTVerifyGetKey; at: number }> | undefined;
  const reload = () => {
    loading ??= load()
      .then((jwks) => (current = { lookup: createLocalJWKSet(jwks), at: Date.now() }))
      .catch((err: unknown) => {
        throw new IssuerUnavailable(`The signing keys could not be read: ${String(err)}`);
      })
      .finally(() => (loading = undefined));
    return loading;
  };
  return async (header, token) => {
    const keys = current && Date.now() - current.at < maxAgeMs ? current : await reload();
    try {
      return await keys.lookup(header, token);
    } catch (err) {
      if (!(err instanceof errors.JWKSNoMatchingKey) || Date.now() - keys.at < cooldownMs) {
        throw err;
      }
      return (await reload()).lookup(header, token);
    }
  };
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

interface DiscoveryDocument {
  issuer?: unknown;
  jwks_uri?: unknown;
  userinfo_endpoint?: unknown;
}

/** An outside issuer: its discovery document read once (again after a failure, not sooner than 10 s). */
function outsideIssuer(config: Config, configured: string): () => Promise<IssuerSettings> {
  let settings: Promise<IssuerSettings> | undefined;
  let failedAt = 0;
  const discover = async (): Promise<IssuerSettings> => {
    const url = `${noSlash(configured)}/.well-known/openid-configuration`;
    let meta: DiscoveryDocument;
    try {
      meta = (await fetchJson(url)) as DiscoveryDocument;
    } catch (err) {
      throw new IssuerUnavailable(
        `The issuer's discovery document could not be read: ${String(err)}`,
      );
    }
    // Auth0's issuer ends with a slash; OIDC_ISSUER may be written without it. The token's iss must
    // then match the issuer exactly as the issuer spells it.
    if (typeof meta.issuer !== 'string' || noSlash(meta.issuer) !== noSlash(configured)) {
      throw new IssuerUnavailable(`The discovery document at ${url} names another issuer`);
    }
    if (typeof meta.jwks_uri !== 'string') {
      throw new IssuerUnavailable(`The discovery document at ${url} has no jwks_uri`);
    }
    return {
      issuer: meta.issuer,
      audience: oidcAudience(config),
      algorithms: config.oidc.algorithms,
      tokenTypes: (config.oidc.tokenTypes ?? ['at+jwt', 'JWT']).map(normalizeTyp),
      keys: createRemoteJWKSet(new URL(meta.jwks_uri), {
        timeoutDuration: HTTP_TIMEOUT_MS,
        cooldownDuration: REMOTE_JWKS_COOLDOWN_MS,
        cacheMaxAge: REMOTE_JWKS_MAX_AGE_MS,
      }),
      userinfoEndpoint:
        typeof meta.userinfo_endpoint === 'string' ? meta.userinfo_endpoint : undefined,
    };
  };
  return () => {
    if (!settings) {
      if (Date.now() - failedAt < DISCOVERY_RETRY_MS) {
        return Promise.reject(new IssuerUnavailable('The identity provider is not reachable'));
      }
      settings = discover();
      settings.catch(() => {
        settings = undefined;
        failedAt = Date.now();
      });
    }
    return settings;
  };
}

/** The built-in provider: its issuer and audience from SITE_URL now, its keys from the database. */
function builtInIssuer(config: Config, db: Db): () => Promise<IssuerSettings> {
  const keys = refreshingLocalJwks(
    async () => publicJwks(jwksFrom(await storedKeysText(db)).keys),
    {
      maxAgeMs: LOCAL_JWKS_MAX_AGE_MS,
      cooldownMs: LOCAL_JWKS_COOLDOWN_MS,
    },
  );
  return () =>
    Promise.resolve({
      issuer: `${config.siteUrl}/oidc`,
      audience: oidcAudience(config),
      algorithms: [SIGNING_ALG],
      tokenTypes: (config.oidc.tokenTypes ?? ['at+jwt']).map(normalizeTyp),
      keys,
      signInStands: async (payload) => {
        // A token from before epochs were kept has none: epoch 0, which any ending moves past. A
        // subject with no account (an erased one) is left to the customers' own check.
        const epoch = await currentEpoch(db, String(payload.sub));
        const claimed = typeof payload.login_epoch === 'number' ? payload.login_epoch : 0;
        return epoch === undefined || epoch === claimed;
      },
    });
}

/** Why jose refused a token, for `error_description`; undefined when it is not the token's fault. */
function refusal(err: unknown): string | undefined {
  if (err instanceof errors.JWTExpired) return 'The access token has expired.';
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') return 'The access token is for another audience.';
    if (err.claim === 'iss') return 'The access token is from another issuer.';
    if (err.claim === 'nbf' || err.claim === 'iat') return 'The access token is not valid yet.';
    return `The access token's ${err.claim} claim is not valid.`;
  }
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported) {
    return 'The access token is signed with an algorithm this API does not accept.';
  }
  if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) {
    return 'The access token is signed with a key the issuer does not publish.';
  }
  if (err instanceof errors.JWSSignatureVerificationFailed) {
    return 'The access token signature is not valid.';
  }
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid) {
    return 'The access token is not a valid JWT.';
  }
  return undefined;
}

function userFromClaims(issuer: string, payload: JWTPayload): AuthUser {
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : undefined;
  return {
    issuer,
    subject: String(payload.sub),
    email: email || undefined,
    emailVerified: email ? payload.email_verified === true : false,
    name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : undefined,
    issuedAt: typeof payload.iat === 'number' ? payload.iat : undefined,
  };
}

type Profile = Pick<AuthUser, 'email' | 'emailVerified' | 'name'>;

/** The userinfo answer for a token (once per token; a failure leaves the user without an email). */
function userinfoLookup() {
  const cache = new LRUCache<string, Promise<Profile | undefined>>({ max: 10_000 });
  return (endpoint: string, token: string, payload: JWTPayload): Promise<Profile | undefined> => {
    const key = createHash('sha256').update(token).digest('base64url');
    const cached = cache.get(key);
    if (cached) return cached;
    const lifetime = typeof payload.exp === 'number' ? payload.exp * 1000 - Date.now() : 0;
    const ttl = Math.max(1_000, Math.min(USERINFO_MAX_AGE_MS, lifetime));
    const fetched = fetchJson(endpoint, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    }).then(
      (body) => {
        const info = body as JWTPayload;
        // OIDC Core 5.3.2: the userinfo sub must be the token's, or the answer is not used.
        if (!info || info.sub !== payload.sub) return undefined;
        const { email, emailVerified, name } = userFromClaims('', info);
        return { email, emailVerified, name };
      },
      () => {
        // Asked again after a short while, not on every request.
        cache.set(key, Promise.resolve(undefined), { ttl: 30_000 });
        return undefined;
      },
    );
    cache.set(key, fetched, { ttl });
    return fetched;
  };
}

/** Checks access tokens for the configured issuer (built-in unless OIDC_ISSUER is set). */
export function accessTokenVerifier(config: Config, db: Db): (token: string) => Promise<AuthUser> {
  const settingsOf = config.oidc.issuer
    ? outsideIssuer(config, config.oidc.issuer)
    : builtInIssuer(config, db);
  const userinfo = userinfoLookup();

  return async (token) => {
    const settings = await settingsOf();
    let payload: JWTPayload;
    try {
      const verified = await jwtVerify(token, settings.keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: settings.algorithms,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp'],
      });
      const typ = verified.protectedHeader.typ;
      if (typeof typ !== 'string' || !settings.tokenTypes.includes(normalizeTyp(typ))) {
        throw new TokenRefused('The token is not an access token for this API (typ).');
      }
      if (typeof verified.payload.sub !== 'string' || !verified.payload.sub) {
        throw new TokenRefused('The access token names no subject.');
      }
      payload = verified.payload;
    } catch (err) {
      if (err instanceof TokenRefused || err instanceof IssuerUnavailable) throw err;
      const reason = refusal(err);
      if (reason) throw new TokenRefused(reason);
      if (err instanceof errors.JOSEError || err instanceof TypeError) {
        throw new IssuerUnavailable(`The issuer's keys could not be read: ${String(err)}`);
      }
      throw err;
    }
    if (settings.signInStands && !(await settings.signInStands(payload))) {
      throw new SignInEnded(SIGN_IN_ENDED);
    }
    const user = userFromClaims(settings.issuer, payload);
    if (user.email === undefined && settings.userinfoEndpoint) {
      const profile = await userinfo(settings.userinfoEndpoint, token, payload);
      if (profile) return { ...user, ...profile, name: user.name ?? profile.name };
    }
    return user;
  };
}
