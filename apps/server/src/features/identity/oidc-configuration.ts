/**
 * The built-in provider's configuration (oidc-provider): one first-party public client (PKCE S256 only,
 * no consent screen), refresh tokens rotated on every use, JWT access tokens for the shop's API when the
 * client asks for it (`resource`, or Auth0's `audience`), ID tokens with email, email_verified and
 * name, RP-initiated logout, our own hosted pages, and everything stored through the Kysely adapter.
 */
import type { Configuration, KoaContextWithOIDC, UnknownObject } from 'oidc-provider';
import { errors, interactionPolicy } from 'oidc-provider';
import type { JWK } from 'jose';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { kyselyAdapter } from './oidc-adapter.ts';
import { SIGNING_ALG } from './oidc-keys.ts';
import * as repo from './accounts.repository.ts';
import { currentEpoch, loginEpoch, recordLogin } from './account-sessions.ts';
import { messagePage, signOutPage, type PageShop } from './pages/identity-pages.ts';

export const DEFAULT_CLIENT_ID = 'sunward-web';

/** The `aud` of access tokens for the shop's API: OIDC_AUDIENCE, default `${SITE_URL}/api`. */
export function oidcAudience(config: Config): string {
  return config.oidc.audience ?? `${config.siteUrl}/api`;
}
export const SCOPES = ['openid', 'profile', 'email', 'offline_access'];
const FIRST_PARTY_SCOPE = SCOPES.join(' ');
/** The API's own scopes: none yet; the audience is what a token for the API is about. */
const API_SCOPE = '';

export interface ProviderInputs {
  db: Db;
  siteUrl: string;
  shopName: string;
  clientId: string;
  /** The `aud` of access tokens for the shop's API (OIDC_AUDIENCE, default `${SITE_URL}/api`). */
  audience: string;
  jwks: { keys: JWK[] };
  cookieKeys: string[];
  /** OIDC_CLIENT_ORIGINS: other storefront origins the first-party client may return to. */
  clientOrigins?: string[];
}

/**
 * The storefront's redirect URIs: SITE_URL's, with a local SITE_URL also the Vite dev server's, and
 * those of the other origins OIDC_CLIENT_ORIGINS names (a storefront that uses this shop as its issuer).
 */
export function redirectUris(
  siteUrl: string,
  clientOrigins: readonly string[] = [],
): { redirect: string[]; postLogout: string[] } {
  const origins = [siteUrl];
  const host = new URL(siteUrl).hostname;
  if (host === 'localhost' || host === '127.0.0.1') origins.push('http://localhost:5173');
  for (const origin of clientOrigins) {
    if (!origins.includes(origin)) origins.push(origin);
  }
  return {
    redirect: origins.flatMap((o) => [`${o}/callback`, `${o}/silent-renew`]),
    postLogout: origins.map((o) => `${o}/`),
  };
}

function shopOf(inputs: ProviderInputs): PageShop {
  return { shopName: inputs.shopName, siteUrl: inputs.siteUrl };
}

export function providerConfiguration(inputs: ProviderInputs): Configuration {
  const { db, clientId, audience } = inputs;
  const uris = redirectUris(inputs.siteUrl, inputs.clientOrigins);
  const shop = shopOf(inputs);

  return {
    adapter: kyselyAdapter(db),
    clients: [
      {
        client_id: clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: uris.redirect,
        post_logout_redirect_uris: uris.postLogout,
        id_token_signed_response_alg: SIGNING_ALG,
      },
    ],
    jwks: inputs.jwks as Configuration['jwks'],
    cookies: {
      keys: inputs.cookieKeys,
      long: { signed: true, sameSite: 'lax' },
      short: { signed: true, sameSite: 'lax' },
    },
    scopes: SCOPES,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The storefront reads who signed in from the ID token (it need not call userinfo).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    enabledJWA: { idTokenSigningAlgValues: [SIGNING_ALG] },
    // Auth0's name for the resource indicator: the same storefront configuration works on both.
    extraParams: ['audience'],
    rotateRefreshToken: true,
    // offline_access needs prompt=consent, which the first-party client never shows: its sign-ins
    // get a refresh token (rotated on each use) whatever the scope.
    issueRefreshToken: (_ctx, client) =>
      client.clientId === clientId && client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    interactions: {
      url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}`,
      policy: interactionPolicyWithEndedSessions(db),
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = signOutPage(shop, form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage(shop, {
            title: 'Signed out',
            message: 'You are signed out.',
            link: { href: `${inputs.siteUrl}/`, label: 'Back to the shop' },
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (ctx, _client, oneOf) => {
          if (oneOf) return oneOf.includes(audience) ? audience : oneOf;
          const asked = ctx.oidc.params?.audience;
          return typeof asked === 'string' && asked ? asked : (undefined as unknown as string);
        },
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 60 * 60,
            jwt: { sign: { alg: SIGNING_ALG } },
          };
        },
      },
    },
    // The API's access tokens say who the user is (as the ID token does), so the API needs no
    // userinfo call: the userinfo endpoint refuses tokens for a resource server.
    // `login_epoch`: the epoch the token's sign-in was made in; the API refuses it once the account's
    // sign-ins have been ended (account-sessions.ts).
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.resourceServer || !token.accountId)
        return undefined;
      const account = await repo.findAccountById(db, token.accountId);
      if (!account) return undefined;
      return {
        email: account.email,
        email_verified: account.email_verified === 1,
        name: account.name,
        login_epoch: await tokenEpoch(db, token),
      };
    },
    loadExistingGrant: async (ctx) => loadFirstPartyGrant(ctx, db, clientId),
    findAccount: async (ctx, id, token) => {
      const account = await repo.findAccountById(db, id);
      if (!account) return undefined;
      // A code or token of a sign-in made before the account's sign-ins were ended is not this
      // account's any more: the provider refuses the grant (invalid_grant). A browser session of
      // such a sign-in is asked to sign in again by the login prompt's `session_ended` check.
      if (token && (await tokenEpoch(db, token)) !== account.session_epoch) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: account.email_verified === 1,
          name: account.name,
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      const description = typeof out.error_description === 'string' ? out.error_description : '';
      ctx.body = messagePage(shop, {
        title: 'Sign-in problem',
        message: description || 'Something went wrong while signing you in. Please try again.',
        link: { href: `${inputs.siteUrl}/`, label: 'Back to the shop' },
        status: 'error',
      });
    },
  };
}

/**
 * No consent screen for the shop's own client: the grant for the signed-in account is loaded or made,
 * and widened to what this request asks (its scopes and the API resource).
 */
async function loadFirstPartyGrant(ctx: KoaContextWithOIDC, db: Db, clientId: string) {
  const { client, session } = ctx.oidc;
  if (!client || !session) return undefined;
  const result = ctx.oidc.result as UnknownObject | undefined;
  // A sign-in just finished: its session keeps the epoch its password was checked at (the login
  // prompt's `session_ended` check, which runs next, compares it with the account's).
  const fresh = freshLogin(ctx);
  if (fresh && session.accountId === fresh.accountId) {
    await recordLogin(db, {
      sessionUid: session.uid,
      accountId: fresh.accountId,
      epoch: fresh.epoch,
    });
  }
  const consent = result?.consent as { grantId?: string } | undefined;
  const grantId = consent?.grantId || session.grantIdFor(client.clientId);
  const found = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
  if (client.clientId !== clientId || !session.accountId) return found;
  const grant =
    found && found.accountId === session.accountId
      ? found
      : new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(FIRST_PARTY_SCOPE);
  grant.addOIDCClaims(['email', 'email_verified', 'name']);
  for (const [indicator, server] of Object.entries(ctx.oidc.resourceServers ?? {})) {
    grant.addResourceScope(indicator, server.scope);
  }
  await grant.save();
  return grant;
}

/**
 * oidc-provider's default prompts, with one more reason to ask for a sign-in: the browser's session
 * (or the sign-in it is finishing) was made in an epoch the account has left, because its password was
 * changed or its email confirmed since (account-sessions.ts). With prompt=none that is login_required.
 */
function interactionPolicyWithEndedSessions(db: Db) {
  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(
    new interactionPolicy.Check(
      'session_ended',
      'The sign-in was ended by a password change or an email confirmation',
      'login_required',
      async (ctx) => {
        const { session } = ctx.oidc;
        const accountId = session?.accountId;
        if (!accountId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        const fresh = freshLogin(ctx);
        const epoch =
          fresh?.accountId === accountId ? fresh.epoch : await loginEpoch(db, session.uid);
        return epoch === (await currentEpoch(db, accountId))
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT;
      },
    ),
  );
  return policy;
}

/**
 * The sign-in the hosted pages just finished in this request (the interaction's result, resumed): its
 * account and the epoch its password (or one-time sign-in) was checked at.
 */
function freshLogin(ctx: KoaContextWithOIDC): { accountId: string; epoch: number } | undefined {
  const result = ctx.oidc.result as
    { login?: { accountId?: unknown }; epoch?: unknown } | undefined;
  const accountId = result?.login?.accountId;
  if (typeof accountId !== 'string') return undefined;
  return { accountId, epoch: typeof result?.epoch === 'number' ? result.epoch : 0 };
}

/** The epoch of the sign-in a code or token (AuthorizationCode, RefreshToken, AccessToken) came from. */
async function tokenEpoch(db: Db, token: unknown): Promise<number> {
  const sessionUid = (token as { sessionUid?: unknown }).sessionUid;
  return typeof sessionUid === 'string' ? loginEpoch(db, sessionUid) : 0;
}
