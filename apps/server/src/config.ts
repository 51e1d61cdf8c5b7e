/** Every setting the server reads from the environment, with its embedded default. See README. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrustProxy, type TrustProxy } from './lib/proxy-trust.ts';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** Public origin of the shop, used in links and payment return URLs. */
  siteUrl: string;
  databaseUrl: string;
  shopName: string;
  supportEmail: string;
  logLevel: string;
  /** Log every request (an access log); otherwise only errors, client errors and slow requests. */
  logRequests: boolean;
  /** Where the built storefront lives; served with SPA fallback when it exists. */
  webDistDir: string;
  /** Generated images; served at /assets. */
  assetsDir: string;
  assetsBaseUrl: string;
  rateLimitMax: number;
  /** The proxies trusted to name the client in X-Forwarded-For: none, a hop count, or addresses. */
  trustProxy: TrustProxy;
  bodyLimit: number;
  /** Longest a request may take to arrive, headers and body (408 and the connection closed after). */
  requestTimeoutMs: number;
  /** Longest a request's headers may take to arrive. */
  headersTimeoutMs: number;
  /** How often the server looks for requests past those limits. */
  timeoutCheckIntervalMs: number;
  /** Serve the OpenAPI document and Swagger UI at /api/docs. */
  apiDocs: boolean;
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    /** Another API origin (stripe-mock, a test stand-in); default https://api.stripe.com. */
    apiBase?: string;
  };
  /** Unset: the shop generates one on first start and keeps it in its database (app_secrets). */
  sandboxWebhookSecret?: string;
  usps: { clientId?: string; clientSecret?: string; baseUrl: string };
  smtpUrl?: string;
  mailFrom: string;
  oidc: {
    /** An outside issuer (Auth0, Keycloak...); unset, the built-in provider serves at /oidc. */
    issuer?: string;
    clientId?: string;
    audience?: string;
    /** OIDC_COOKIE_KEYS, comma-separated; unset, one is generated and kept in the database. */
    cookieKeys?: string[];
  };
  /** NODE_ENV=production: the built-in identity provider refuses unsafe settings (see identity). */
  production: boolean;
  adminEmails: string[];
  /** Seed the catalogue on start when the database is empty. */
  seedOnStart: boolean;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`Expected an integer, got "${value}"`);
  return n;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  const n = int(value, fallback);
  if (n <= 0) throw new Error(`${name} must be a positive number of milliseconds, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000);
  const shopName = env.SHOP_NAME?.trim() || 'Sunward';
  const requestTimeoutMs = positive('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000);
  const headersTimeoutMs = positive('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 10_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new Error(
      `HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`,
    );
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    siteUrl: (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(ROOT_DIR, 'data/shop.db')}`,
    shopName,
    supportEmail:
      env.SUPPORT_EMAIL ?? `support@${shopName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com`,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    logRequests: env.LOG_REQUESTS === '1' || env.LOG_REQUESTS === 'true',
    webDistDir: env.WEB_DIST_DIR ?? path.join(ROOT_DIR, 'apps/web/dist'),
    assetsDir: env.ASSETS_DIR ?? path.join(ROOT_DIR, 'packages/art/dist/assets'),
    assetsBaseUrl: (env.ASSETS_BASE_URL ?? '').replace(/\/$/, ''),
    rateLimitMax: int(env.RATE_LIMIT_MAX, 600),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    bodyLimit: int(env.BODY_LIMIT, 100 * 1024),
    requestTimeoutMs,
    headersTimeoutMs,
    timeoutCheckIntervalMs: positive(
      'TIMEOUT_CHECK_INTERVAL_MS',
      env.TIMEOUT_CHECK_INTERVAL_MS,
      Math.min(1000, headersTimeoutMs),
    ),
    // Off in production unless asked for: the document maps every route for whoever looks.
    apiDocs: env.API_DOCS
      ? env.API_DOCS === '1' || env.API_DOCS === 'true'
      : env.NODE_ENV !== 'production',
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      apiBase: env.STRIPE_API_BASE || undefined,
    },
    sandboxWebhookSecret: env.SANDBOX_WEBHOOK_SECRET || undefined,
    usps: {
      clientId: env.USPS_CLIENT_ID || undefined,
      clientSecret: env.USPS_CLIENT_SECRET || undefined,
      baseUrl: (env.USPS_BASE_URL ?? 'https://apis.usps.com').replace(/\/$/, ''),
    },
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom:
      env.MAIL_FROM ??
      `${shopName} <orders@${shopName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com>`,
    oidc: {
      issuer: env.OIDC_ISSUER || undefined,
      clientId: env.OIDC_CLIENT_ID || undefined,
      audience: env.OIDC_AUDIENCE || undefined,
      cookieKeys: env.OIDC_COOKIE_KEYS?.split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    },
    production: env.NODE_ENV === 'production',
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    seedOnStart: env.SEED_ON_START !== '0',
  };
}
