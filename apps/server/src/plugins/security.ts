import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
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
  return withHsts(config, headers);
}

/**
 * The headers of JSON answers (OWASP REST Security Cheat Sheet): nothing may load from or frame them,
 * no type sniffing, no cross-origin reads. The document policies above (script and style sources,
 * opener, framing by the shop itself) mean nothing for a JSON body, and every API answer would carry
 * their 700 bytes.
 */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  return withHsts(config, {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
  });
}

function withHsts(config: Config, headers: Record<string, string>): Record<string, string> {
  if (config.siteUrl.startsWith('https://')) {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-route limit: requests per client per minute. */
    rateLimit?: { max: number };
    /** An /api route that answers an HTML page: it gets the document headers, not the API ones. */
    document?: boolean;
  }
}

/** Every JSON answer's Cache-Control unless its route sets another. */
export const API_CACHE_CONTROL = 'no-store';

const TOO_MANY = {
  message: 'Too many requests. Please wait a moment and try again.',
  code: 'rate_limited',
};

/** What every answer passes through; the not-found handler (plugins/static.ts) uses it directly. */
export interface RequestGuard {
  /**
   * Sets the security headers (the API set and `Cache-Control: no-store` for JSON answers) and the
   * request id.
   */
  secure(request: FastifyRequest, reply: FastifyReply, api?: boolean): void;
  /**
   * Counts an API request against the client's window; over the limit it answers 429 with Retry-After
   * and returns true. `max` and `route` give a route its own, tighter window.
   */
  limit(request: FastifyRequest, reply: FastifyReply, max?: number, route?: string): boolean;
}

/** The headers and limits every answer passes through; made before Fastify, which needs it for errors. */
export function requestGuard(config: Config, limiter: RateLimiter): RequestGuard {
  const headers = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(config);
  return {
    secure(request, reply, api = false) {
      if (api) {
        // API answers carry client secrets and personal data: no cache may keep them. The catalogue's
        // cached GETs replace this with their own Cache-Control (lib/cached-json.ts).
        reply.headers(apiHeaders).header('cache-control', API_CACHE_CONTROL);
      } else {
        reply.headers(headers);
      }
      reply.header('x-request-id', request.id);
    },
    limit(request, reply, max = config.rateLimitMax, route) {
      const key = route ? `${request.ip}|${route}` : request.ip;
      const retry = limiter.hit(key, max);
      if (retry === 0) return false;
      // One line when a client reaches its limit, not one per refused request: a client hammering the
      // API must not flood the log.
      if (limiter.over(key, max) === 1) {
        request.log.info({ ip: request.ip, url: request.url, statusCode: 429 }, 'rate limited');
      }
      void reply.status(429).header('retry-after', String(retry)).send(TOO_MANY);
      return true;
    },
  };
}

/**
 * Security headers on every answer (the document set on pages and files, the API set on JSON), and a
 * fixed-window rate limit per client IP on API routes. Each route gets one onRequest hook, made when the
 * route is registered, that knows whether and how it is limited: a request pays for no URL test, route
 * lookup or second hook. Counters live in this process; behind a load balancer each process enforces
 * its own share (docs/decisions/006).
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  limiter: RateLimiter,
  guard: RequestGuard,
): Promise<void> {
  app.addHook('onClose', async () => limiter.close());

  const secureOnly: onRequestHookHandler = (request, reply, done) => {
    guard.secure(request, reply);
    done();
  };

  app.addHook('onRoute', (route) => {
    let hook = secureOnly;
    if (route.url.startsWith('/api/')) {
      const routeMax = route.config?.rateLimit?.max;
      const max = routeMax ?? config.rateLimitMax;
      const key = routeMax ? route.url : undefined;
      const document = route.config?.document === true || route.url.startsWith('/api/docs');
      hook = (request, reply, done) => {
        guard.secure(request, reply, !document);
        if (!guard.limit(request, reply, max, key)) done();
      };
    }
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [hook, ...own];
  });
}
