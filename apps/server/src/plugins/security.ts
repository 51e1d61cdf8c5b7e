import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../config.ts';
import { CSP_REPORT_GROUP, CSP_REPORTS_PATH } from '../features/payment-page/csp-reports.ts';
import { builtInventory } from '../lib/built-scripts.ts';

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
  // The built-in provider's hosted forms (sign in, create account, sign out) end in a redirect to the
  // storefront they serve; a browser checks form-action along those redirects, so other storefront
  // origins it serves (OIDC_CLIENT_ORIGINS) must be allowed there.
  const clients = config.oidc.issuer ? [] : config.oidc.clientOrigins;
  const tls = config.siteUrl.startsWith('https://');
  // The import map that gives the payment page's later chunks their integrity (decision 056): the
  // only inline script, allowed by its hash.
  const inline = builtInventory(config.webDistDir)?.inlineScripts ?? [];
  const csp: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...inline, ...stripe],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...assets],
    'font-src': ["'self'", ...assets],
    'connect-src': ["'self'", ...idp, ...stripeApi],
    'frame-src': ["'self'", ...stripe, ...idp],
    'form-action': ["'self'", ...idp, ...clients],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    // Violations are reported to the shop (kept and shown in the console, decision 056): report-to
    // where the Reporting API is supported, report-uri by the others (a browser that knows report-to
    // ignores report-uri). Browsers ignore a Reporting-Endpoints URL that is not https, and then
    // report nothing: on plain http (development, the journeys) report-uri alone.
    'report-uri': [CSP_REPORTS_PATH],
    ...(tls ? { 'report-to': [CSP_REPORT_GROUP] } : {}),
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
  if (tls) headers['reporting-endpoints'] = `${CSP_REPORT_GROUP}="${CSP_REPORTS_PATH}"`;
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
    // No page is ever opened from JSON, but a fetch it redirects to would carry the URL it came from.
    'referrer-policy': 'no-referrer',
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
  interface FastifyInstance {
    /**
     * The headers of the shop's pages, as sent: the payment-page monitor compares what a browser
     * receives with them (features/payment-page, decision 056).
     */
    documentHeaders: Readonly<Record<string, string>>;
  }
  interface FastifyContextConfig {
    /** An /api route that answers an HTML page: it gets the document headers, not the API ones. */
    document?: boolean;
    /** Set for every route when it is registered: which set of headers its answers carry. */
    securedAs?: 'document' | 'api';
  }
}

/** Every JSON answer's Cache-Control unless its route sets another. */
export const API_CACHE_CONTROL = 'no-store';

/** What every answer passes through; the not-found handler (plugins/static.ts) uses it directly. */
export interface RequestGuard {
  /** The document headers it sets on pages (securityHeaders). */
  readonly documentHeaders: Readonly<Record<string, string>>;
  /**
   * Sets the security headers (the API set and `Cache-Control: no-store` for JSON answers) and the
   * request id.
   */
  secure(request: FastifyRequest, reply: FastifyReply, api?: boolean): void;
}

/** The headers every answer passes through; made before Fastify, which needs it for errors. */
export function requestGuard(config: Config): RequestGuard {
  const headers = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(config);
  return {
    documentHeaders: headers,
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
  };
}

/**
 * Security headers on every answer (the document set on pages and files, the API set on JSON). Which
 * set a route's answers carry is decided once, when the route is registered; one root onRequest hook,
 * the first of every request's hooks, sets them, so an answer given by a later hook (a plugin's
 * sign-in check answering 401 or 403) carries them too. Rate limits (plugins/rate-limit.ts, registered
 * after this) apply to /api routes only: other routes are marked `rateLimit: false` here, and the
 * limiter's hook runs after this one, so a 429 carries the headers too.
 */
export async function registerSecurity(app: FastifyInstance, guard: RequestGuard): Promise<void> {
  app.decorate('documentHeaders', guard.documentHeaders);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) {
      const document = route.config?.document === true || route.url.startsWith('/api/docs');
      route.config = { ...route.config, securedAs: document ? 'document' : 'api' };
    } else {
      route.config = { ...route.config, rateLimit: false, securedAs: 'document' };
    }
  });
  const secure: onRequestHookHandler = (request, reply, done) => {
    // No route: the not-found handler (plugins/static.ts) knows which kind of answer it gives.
    if (!request.is404)
      guard.secure(request, reply, request.routeOptions.config.securedAs === 'api');
    done();
  };
  app.addHook('onRequest', secure);
}
