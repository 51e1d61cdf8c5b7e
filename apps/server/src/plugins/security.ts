import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

function origin(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** Security headers with a CSP the storefront works under, and rate limiting. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const stripe = config.stripe.publishableKey ? ['https://js.stripe.com'] : [];
  const stripeApi = config.stripe.publishableKey ? ['https://api.stripe.com'] : [];
  const assets = origin(config.assetsBaseUrl);
  const idp = origin(config.oidc.issuer);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...stripe],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...assets],
        fontSrc: ["'self'", ...assets],
        connectSrc: ["'self'", ...idp, ...stripeApi],
        frameSrc: ["'self'", ...stripe, ...idp],
        formAction: ["'self'", ...idp],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The storefront loads images from ASSETS_BASE_URL when it is set.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: assets.length ? 'cross-origin' : 'same-origin' },
    strictTransportSecurity: config.siteUrl.startsWith('https://'),
  });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // Static files and health probes are not counted.
    allowList: (request) => !request.url.startsWith('/api/'),
  });
}
