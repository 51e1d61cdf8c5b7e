import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { RateLimiter } from '../lib/rate-limiter.ts';

function origin(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The security headers, computed once at start (a per-request middleware such as helmet halved the
 * catalogue's throughput; see docs/decisions/006). The CSP is one the storefront works under.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const stripe = config.stripe.publishableKey ? ['https://js.stripe.com'] : [];
  const stripeApi = config.stripe.publishableKey ? ['https://api.stripe.com'] : [];
  const assets = origin(config.assetsBaseUrl);
  const idp = origin(config.oidc.issuer);
  const csp: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...stripe],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...assets],
    'font-src': ["'self'", ...assets],
    'connect-src': ["'self'", ...idp, ...stripeApi],
    'frame-src': ["'self'", ...stripe, ...idp],
    'form-action': ["'self'", ...idp],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
  };
  const headers: Record<string, string> = {
    'content-security-policy': Object.entries(csp)
      .map(([k, v]) => `${k} ${v.join(' ')}`)
      .join('; '),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': assets.length ? 'cross-origin' : 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  if (config.siteUrl.startsWith('https://')) {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-route limit: requests per client per minute. */
    rateLimit?: { max: number };
  }
}

/**
 * Security headers and a fixed-window rate limit per client IP and route (API routes only). Counters live
 * in this process; behind a load balancer each process enforces its own share (docs/decisions/006).
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  limiter: RateLimiter,
): Promise<void> {
  const headers = securityHeaders(config);
  app.addHook('onClose', async () => limiter.close());

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    if (!request.url.startsWith('/api/')) return done();
    const { config: routeConfig, url: route } = request.routeOptions;
    const routeMax = routeConfig.rateLimit?.max;
    const key = routeMax ? `${request.ip}|${route}` : request.ip;
    const retry = limiter.hit(key, routeMax ?? config.rateLimitMax);
    if (retry > 0) {
      request.log.info({ ip: request.ip, url: request.url, statusCode: 429 }, 'rate limited');
      reply
        .status(429)
        .header('retry-after', String(retry))
        .send({ message: 'Too many requests. Please wait a moment and try again.' });
      return;
    }
    done();
  });
}
