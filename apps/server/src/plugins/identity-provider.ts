/**
 * The built-in OpenID Connect provider (oidc-provider) at /oidc, served when OIDC_ISSUER is unset.
 * oidc-provider runs as middleware (@fastify/middie) before Fastify parses any body, so it sees the raw
 * request; the shop's own pages (interaction, account, stylesheet) fall through to Fastify routes.
 *
 * The provider is made on the first request, from SITE_URL as it is then (the issuer is
 * `${SITE_URL}/oidc`), and made again when another process rotates the signing keys.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import type { Config } from '../config.ts';
import { securityHeaders } from './security.ts';
import { guardProviderRequest } from './input-guard-provider.ts';
import { registerIdentityPurge } from './identity-purge-job.ts';
import { cookieKeys, jwksFrom, storedKeysText } from '../features/identity/oidc-keys.ts';
import {
  DEFAULT_CLIENT_ID,
  oidcAudience,
  providerConfiguration,
} from '../features/identity/oidc-configuration.ts';
import {
  optionProblems,
  productionProblems,
  refuse,
} from '../features/identity/oidc-production.ts';
import type { IdentityContext } from '../features/identity/identity-context.ts';
import { interactionRoutes } from '../features/identity/interaction.routes.ts';
import { accountRoutes } from '../features/identity/account.routes.ts';
import { identityApiRoutes } from '../features/identity/identity.routes.ts';
import { identityPersonalData } from '../features/identity/identity-personal-data.ts';
import { findBrandAssets } from '../features/identity/pages/brand-assets.ts';

/** Paths under /oidc that are the shop's pages, not the provider's endpoints. */
const OWN_PAGES = /^\/(interaction|account)\/|^\/pages\.css(\?|$)/;
const KEY_CHECK_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in provider, when it serves (OIDC_ISSUER unset). */
    identityProvider?: () => Promise<Provider>;
  }
}

export async function registerIdentityProvider(
  app: FastifyInstance,
  config: Config,
): Promise<void> {
  // The built-in accounts' rows of a person (lib/personal-data.ts), kept whichever issuer serves now.
  app.personalData.register(identityPersonalData);
  if (config.oidc.issuer) return;
  const problems = productionProblems(config);
  if (problems.length) refuse(problems);

  const db = app.db;
  const cookies = await cookieKeys(db, config.oidc.cookieKeys);
  let keysText = await storedKeysText(db);
  let made: { keysText: string; provider: Promise<Provider> } | undefined;

  const makeProvider = async (): Promise<Provider> => {
    const options = providerConfiguration({
      db,
      siteUrl: config.siteUrl,
      shopName: config.shopName,
      clientId: config.oidc.clientId ?? DEFAULT_CLIENT_ID,
      audience: oidcAudience(config),
      jwks: jwksFrom(keysText),
      cookieKeys: cookies,
      clientOrigins: config.oidc.clientOrigins,
    });
    const wrong = optionProblems(options);
    if (wrong.length) refuse(wrong);
    const provider = new Provider(`${config.siteUrl}/oidc`, options);
    // Behind trusted proxies the provider reads the original protocol (Secure cookies, https URLs).
    provider.proxy = config.trustProxy !== false;
    provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'identity provider error'));
    return provider;
  };
  const provider = (): Promise<Provider> => {
    if (!made || made.keysText !== keysText) made = { keysText, provider: makeProvider() };
    return made.provider;
  };
  app.decorate('identityProvider', provider);

  const keyCheck = setInterval(() => {
    storedKeysText(db)
      .then((text) => void (keysText = text))
      .catch((err: unknown) => app.log.error({ err }, 'could not read the signing keys'));
  }, KEY_CHECK_MS).unref();
  // Each process reads the keys itself (its own provider); purging is once for all (a schedule).
  registerIdentityPurge(app.jobs, db);
  app.addHook('onClose', async () => {
    clearInterval(keyCheck);
  });

  const headers = Object.entries(securityHeaders(config));
  await app.register(middie);
  app.use('/oidc', (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    if (OWN_PAGES.test(req.url ?? '')) return next();
    for (const [name, value] of headers) res.setHeader(name, value);
    // Control characters are refused before the provider reads them (a 500 on PostgreSQL otherwise).
    guardProviderRequest(req, res, config, app.log)
      .then((passed) => (passed ? provider().then((p) => p.callback()(req, res)) : undefined))
      .catch(next);
  });

  // The storefront's mark and typeface for the hosted pages, found once in the built files.
  const brand = findBrandAssets(config);
  const ctx: IdentityContext = {
    db,
    provider,
    shop: () => ({ shopName: config.shopName, siteUrl: config.siteUrl, brand }),
    mailing: () => ({ siteUrl: config.siteUrl, shopName: config.shopName }),
  };
  await app.register(async (pages) => {
    await pages.register(formbody);
    await pages.register(cookie);
    await pages.register(interactionRoutes(ctx));
    await pages.register(accountRoutes(ctx));
  });
  await app.register(identityApiRoutes(ctx), { prefix: '/api' });
}
