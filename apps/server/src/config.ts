/**
 * Every setting the server reads from the environment, with its embedded default (README,
 * Configuration). This is the only place in apps/server/src that reads `process.env`: one zod schema
 * parses and checks every variable, and a bad value stops the start with one line per variable naming
 * it and what it expects.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { STATEMENTS_PREPARED } from './db/prepared-statements.ts';
import { parseTrustProxy, type TrustProxy } from './lib/proxy-trust.ts';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** Public origin of the shop, used in links and payment return URLs. */
  siteUrl: string;
  databaseUrl: string;
  /** SQLite's `synchronous` pragma (docs/decisions/002). */
  sqliteSynchronous: 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA';
  /** PostgreSQL connections per process. */
  pgPoolMax: number;
  /** Distinct statements each PostgreSQL connection keeps prepared (0: none; db/prepared-statements.ts). */
  pgPreparedStatements: number;
  /**
   * Backups of a SQLite database (db/backup.ts, docs/decisions/036): BACKUP_DIR (default backups/
   * beside the database file), BACKUP_EVERY_MS (default hourly, none under NODE_ENV=test; 0 turns the
   * schedule off) and
   * BACKUP_KEEP (the newest kept, default 24). PostgreSQL is backed up with pg_dump (README).
   */
  backups: { dir?: string; everyMs: number; keep: number };
  /**
   * The payment-page monitor (features/payment-page, docs/decisions/056): PAYMENT_PAGE_CHECK_EVERY_MS,
   * how often /checkout is fetched and compared with the build's script inventory (default hourly,
   * none under NODE_ENV=test; 0 turns the schedule off, "Check now" still works), and
   * PAYMENT_PAGE_URL, the page fetched (default SITE_URL's /checkout: the page as shoppers get it,
   * through any proxy or CDN in front).
   */
  paymentPage: { everyMs: number; url?: string };
  /** SHOP_NAME: only seeds the shopName setting on the first run; the setting is what the shop shows. */
  shopName: string;
  /** SUPPORT_EMAIL: likewise seeds the supportEmail setting on the first run. */
  supportEmail: string;
  logLevel: string;
  /** Log every request (an access log); otherwise only errors, client errors and slow requests. */
  logRequests: boolean;
  /** Where the built storefront lives; served with SPA fallback when it exists. */
  webDistDir: string;
  /** Generated images; served at /assets. */
  assetsDir: string;
  assetsBaseUrl: string;
  /** How long a process keeps a catalogue answer (ms; 0 turns the cache off). */
  catalogCacheMs: number;
  /** The most catalogue answers a process keeps; the least recently used goes first. */
  catalogCacheMax: number;
  rateLimitMax: number;
  /** Redis for the rate-limit windows; unset, they live in the database (docs/decisions/010). */
  redisUrl?: string;
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
  /**
   * METRICS_TOKEN: the bearer token Prometheus sends for `/metrics` (docs/decisions/035). Unset, there
   * are no metrics: `/metrics` answers 404 and nothing is measured.
   */
  metricsToken?: string;
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    /** Another API origin (stripe-mock, a test stand-in); default https://api.stripe.com. */
    apiBase?: string;
  };
  /**
   * TAX_PROVIDER: who computes sales tax. `built-in` (default): the state's rate and, where the shop
   * has the state's table, the county's (docs/decisions/041). `stripe`: Stripe Tax, by the address
   * (needs STRIPE_SECRET_KEY; the shop's nexus states still say where tax is charged).
   */
  taxProvider: 'built-in' | 'stripe';
  /** Unset: the shop generates one on first start and keeps it in its database (app_secrets). */
  sandboxWebhookSecret?: string;
  usps: {
    clientId?: string;
    clientSecret?: string;
    baseUrl: string;
    /**
     * The payment account USPS's return labels are charged to (Payments 3.0): Customer Registration ID,
     * Mailer ID, manifest MID (default the MID) and EPS account. With the credentials and these set,
     * return labels come from USPS; otherwise from the embedded sandbox.
     */
    crid?: string;
    mid?: string;
    manifestMid?: string;
    epsAccount?: string;
  };
  /**
   * Tracking to delivery (docs/decisions/040): TRACKING_EVERY_MS, how often every undelivered parcel
   * is asked about (default 15 minutes). With the USPS credentials the scans come from USPS's Tracking
   * API; otherwise from the sandbox carrier, whose day is SANDBOX_CARRIER_DAY_MS long (a real day
   * unless made shorter for a demo or a journey that watches parcels arrive).
   */
  tracking: { everyMs: number; sandboxDayMs: number };
  /**
   * Verified reviews (issue 29, docs/decisions/048): REVIEW_INVITE_DELAY_MS, how long after an order's
   * delivery its buyer is emailed the link to review what they received (default 3 days).
   */
  reviews: { inviteDelayMs: number };
  smtpUrl?: string;
  mailFrom: string;
  oidc: {
    /** An outside issuer (Auth0, Keycloak...); unset, the built-in provider serves at /oidc. */
    issuer?: string;
    clientId?: string;
    audience?: string;
    /**
     * OIDC_ALGORITHMS: the JWS algorithms an outside issuer's access tokens may use (default RS256; the
     * built-in provider always signs RS256). Asymmetric only: `none` and HS* are refused.
     */
    algorithms: string[];
    /**
     * OIDC_TOKEN_TYPE: the `typ` headers an access token may carry. Unset: `at+jwt` for the built-in
     * provider; `at+jwt` or `JWT` for an outside issuer (Auth0 and Keycloak send `JWT`).
     */
    tokenTypes?: string[];
    /** OIDC_COOKIE_KEYS, comma-separated; unset, one is generated and kept in the database. */
    cookieKeys?: string[];
    /**
     * OIDC_CLIENT_ORIGINS: built-in provider only, other storefront origins (comma-separated) whose
     * /callback, /silent-renew and / its first-party client accepts besides SITE_URL's, e.g. another
     * shop signing in against this one as its outside issuer. Empty: SITE_URL's origin only.
     */
    clientOrigins: string[];
    /**
     * OIDC_PASSWORD_CONNECTION: an outside issuer's database connection whose users may ask for a
     * password-reset email from the account page (Auth0's `/dbconnections/change_password`), e.g.
     * `Username-Password-Authentication`. Unset: no Change Password with an outside issuer.
     */
    passwordConnection?: string;
    /**
     * OIDC_PASSWORD_SUBJECT_PREFIX: the `sub` prefix of that connection's users (Auth0: `auth0|`);
     * social logins (`google-oauth2|...`) get no Change Password.
     */
    passwordSubjectPrefix: string;
  };
  /** NODE_ENV=production: the built-in identity provider refuses unsafe settings (see identity). */
  production: boolean;
  adminEmails: string[];
  /** Seed the catalogue on start when the database is empty. */
  seedOnStart: boolean;
  /**
   * PROCESS_ROLE: what this process runs. `all` (default) serves HTTP and runs jobs; `web` serves and
   * enqueues jobs but never claims one; `worker` runs jobs and schedules without serving HTTP.
   */
  processRole: 'all' | 'web' | 'worker';
  /**
   * Tests only, never read from the environment: stock holds (priced, confirming) and the expired
   * holds' purge period in ms, shorter than the shop's (RESERVATION_MS, EXPIRED_HOLDS_EVERY_MS), so
   * the crash test sees holds expire and go within its run. Unset: the shop's.
   */
  testStockHolds?: { priced: number; confirming: number; purgeEveryMs: number };
}

/** A bad environment: one line per variable, naming it and what it expects. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

// Each variable is a string or absent; empty counts as absent (the default applies).
const raw = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

function integer(min: number, max: number, expected: string) {
  return raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    return /^-?\d+$/.test(v) && n >= min && n <= max ? n : fail(ctx, expected);
  });
}

const BOOLEANS: Record<string, boolean> = {
  '1': true,
  true: true,
  yes: true,
  on: true,
  '0': false,
  false: false,
  no: false,
  off: false,
};
const boolean = raw.transform((v, ctx) => {
  if (v === undefined) return undefined;
  const b = BOOLEANS[v.toLowerCase()];
  return b ?? fail(ctx, '1 or 0 (also true/false, yes/no, on/off)');
});

function url(protocols: string[], expected: string) {
  return raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    return URL.canParse(v) && protocols.includes(new URL(v).protocol) ? v : fail(ctx, expected);
  });
}

function oneOf<const T extends string>(values: readonly T[]) {
  return raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const found = values.find((value) => value === v.toUpperCase() || value === v.toLowerCase());
    return found ?? fail(ctx, `one of ${values.join(', ')}`);
  });
}

const list = (v: string) =>
  v
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Signature algorithms an access token may use: asymmetric only (never `none`, never a shared secret). */
const ASYMMETRIC_ALGS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

const MAX_MS = 2_147_483_647; // node's timers
const milliseconds = integer(1, MAX_MS, 'a positive whole number of milliseconds');

const EnvSchema = z.object({
  NODE_ENV: raw,
  PORT: integer(0, 65_535, 'a port number from 0 to 65535'),
  HOST: raw,
  SITE_URL: url(['http:', 'https:'], 'an http(s) origin such as https://shop.example.com'),
  SHOP_NAME: raw.pipe(z.string().max(80, 'a name of at most 80 characters').optional()),
  SUPPORT_EMAIL: raw.pipe(z.email('an email address such as support@example.com').optional()),
  DATABASE_URL: raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const ok = /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(v) || v === ':memory:';
    return ok ? v : fail(ctx, 'sqlite:<path> or postgres://user:pass@host:5432/db');
  }),
  SQLITE_SYNCHRONOUS: oneOf(['OFF', 'NORMAL', 'FULL', 'EXTRA'] as const),
  PG_POOL_MAX: integer(1, 1000, 'a whole number of connections from 1 to 1000'),
  PG_PREPARED_STATEMENTS: integer(0, 10_000, 'a whole number of statements from 0 to 10000'),
  BACKUP_DIR: raw,
  BACKUP_EVERY_MS: integer(0, MAX_MS, 'a whole number of milliseconds (0: no scheduled backups)'),
  BACKUP_KEEP: integer(1, 10_000, 'a whole number of backups to keep, at least 1'),
  PAYMENT_PAGE_CHECK_EVERY_MS: integer(
    0,
    MAX_MS,
    'a whole number of milliseconds (0: no scheduled checks)',
  ),
  PAYMENT_PAGE_URL: url(
    ['http:', 'https:'],
    'an http(s) URL such as https://shop.example.com/checkout',
  ),
  SEED_ON_START: boolean,
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),
  LOG_REQUESTS: boolean,
  RATE_LIMIT_MAX: integer(1, 1_000_000_000, 'a whole number of requests per minute, at least 1'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (err) {
        return fail(ctx, (err as Error).message);
      }
    }),
  BODY_LIMIT: integer(1, 1024 * 1024 * 1024, 'a whole number of bytes, at least 1'),
  REQUEST_TIMEOUT_MS: milliseconds,
  HEADERS_TIMEOUT_MS: milliseconds,
  TIMEOUT_CHECK_INTERVAL_MS: milliseconds,
  API_DOCS: boolean,
  // Sent in an Authorization header: visible ASCII without spaces, long enough not to be guessed. A
  // secret: the refusal names the variable without its value.
  METRICS_TOKEN: raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    return /^[\x21-\x7e]{16,}$/.test(v)
      ? v
      : fail(
          ctx,
          `METRICS_TOKEN=<${v.length} characters, not shown> is not valid: expected a token of at ` +
            'least 16 visible ASCII characters without spaces (openssl rand -hex 32)',
        );
  }),
  CATALOG_CACHE_MS: integer(0, MAX_MS, 'a whole number of milliseconds (0 turns the cache off)'),
  CATALOG_CACHE_MAX: integer(1, 10_000_000, 'a whole number of entries, at least 1'),
  WEB_DIST_DIR: raw,
  ASSETS_DIR: raw,
  ASSETS_BASE_URL: url(['http:', 'https:'], 'an http(s) origin such as https://cdn.example.com'),
  STRIPE_SECRET_KEY: raw,
  STRIPE_PUBLISHABLE_KEY: raw,
  STRIPE_WEBHOOK_SECRET: raw,
  STRIPE_API_BASE: url(['http:', 'https:'], 'an http(s) origin'),
  TAX_PROVIDER: oneOf(['built-in', 'stripe'] as const),
  SANDBOX_WEBHOOK_SECRET: raw,
  USPS_CLIENT_ID: raw,
  USPS_CLIENT_SECRET: raw,
  USPS_BASE_URL: url(['http:', 'https:'], 'an http(s) origin'),
  USPS_CRID: raw,
  USPS_MID: raw,
  USPS_MANIFEST_MID: raw,
  USPS_EPS_ACCOUNT: raw,
  TRACKING_EVERY_MS: integer(1000, MAX_MS, 'a whole number of milliseconds, at least 1000'),
  SANDBOX_CARRIER_DAY_MS: integer(
    1000,
    86_400_000,
    'a whole number of milliseconds from 1000 to 86400000 (a day)',
  ),
  REVIEW_INVITE_DELAY_MS: integer(0, MAX_MS, 'a whole number of milliseconds'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'smtp://user:pass@host:587 or smtps://…'),
  REDIS_URL: url(['redis:', 'rediss:'], 'redis://host:6379 or rediss://…'),
  MAIL_FROM: raw,
  OIDC_ISSUER: raw,
  OIDC_CLIENT_ID: raw,
  OIDC_AUDIENCE: raw,
  OIDC_ALGORITHMS: raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const algs = list(v);
    const wrong = algs.filter((a) => !ASYMMETRIC_ALGS.includes(a));
    return algs.length && !wrong.length
      ? algs
      : fail(ctx, `a comma-separated list of ${ASYMMETRIC_ALGS.join(', ')}`);
  }),
  OIDC_TOKEN_TYPE: raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const types = list(v);
    return types.length && types.every((t) => /^[A-Za-z0-9.+/-]+$/.test(t))
      ? types
      : fail(ctx, 'a comma-separated list of JWT typ values such as at+jwt or JWT');
  }),
  OIDC_COOKIE_KEYS: raw,
  OIDC_PASSWORD_CONNECTION: raw,
  OIDC_PASSWORD_SUBJECT_PREFIX: raw,
  OIDC_CLIENT_ORIGINS: raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const origins = list(v).map((o) => (URL.canParse(o) ? new URL(o) : undefined));
    return origins.length &&
      origins.every((o) => o && ['http:', 'https:'].includes(o.protocol) && o.origin !== 'null')
      ? [...new Set(origins.map((o) => o!.origin))]
      : fail(ctx, 'a comma-separated list of http(s) origins such as https://shop.example.com');
  }),
  ADMIN_EMAILS: raw,
  PROCESS_ROLE: oneOf(['all', 'web', 'worker'] as const),
});

/** The issue's variable, its value as given, and what it expects: `PORT="abc": expected …`. */
function describe(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  const name = String(issue.path[0]);
  // A parser that already names the variable (TRUST_PROXY) says it best itself.
  if (issue.message.includes(`${name}=`)) return issue.message;
  return `${name}=${JSON.stringify(env[name] ?? '')} is not valid: expected ${issue.message}`;
}

const noSlash = (origin: string) => origin.replace(/\/$/, '');
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Parses the environment; throws a ConfigError listing every bad variable, one per line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => describe(i, env)).join('\n'));
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  const shopName = e.SHOP_NAME ?? 'Sunward';
  const requestTimeoutMs = e.REQUEST_TIMEOUT_MS ?? 30_000;
  const headersTimeoutMs = e.HEADERS_TIMEOUT_MS ?? 10_000;
  if (e.TAX_PROVIDER === 'stripe' && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      'TAX_PROVIDER=stripe is not valid without STRIPE_SECRET_KEY: Stripe Tax is asked with the Stripe account',
    );
  }
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS=${JSON.stringify(env.HEADERS_TIMEOUT_MS ?? '')} is not valid: expected at most REQUEST_TIMEOUT_MS (${requestTimeoutMs})`,
    );
  }
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    siteUrl: noSlash(e.SITE_URL ?? `http://localhost:${port}`),
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(ROOT_DIR, 'data/shop.db')}`,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS ?? 'FULL',
    pgPoolMax: e.PG_POOL_MAX ?? 10,
    pgPreparedStatements: e.PG_PREPARED_STATEMENTS ?? STATEMENTS_PREPARED,
    backups: {
      ...(e.BACKUP_DIR ? { dir: path.resolve(e.BACKUP_DIR) } : {}),
      // Tests build a hundred shops on throwaway databases: none backs up unless asked.
      everyMs: e.BACKUP_EVERY_MS ?? (e.NODE_ENV === 'test' ? 0 : 60 * 60_000),
      keep: e.BACKUP_KEEP ?? 24,
    },
    paymentPage: {
      everyMs: e.PAYMENT_PAGE_CHECK_EVERY_MS ?? (e.NODE_ENV === 'test' ? 0 : 60 * 60_000),
      ...(e.PAYMENT_PAGE_URL ? { url: e.PAYMENT_PAGE_URL } : {}),
    },
    shopName,
    supportEmail: e.SUPPORT_EMAIL ?? `support@${slug(shopName)}.com`,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    logRequests: e.LOG_REQUESTS ?? false,
    webDistDir: e.WEB_DIST_DIR ?? path.join(ROOT_DIR, 'apps/web/dist'),
    assetsDir: e.ASSETS_DIR ?? path.join(ROOT_DIR, 'packages/art/dist/assets'),
    assetsBaseUrl: noSlash(e.ASSETS_BASE_URL ?? ''),
    catalogCacheMs: e.CATALOG_CACHE_MS ?? 2000,
    catalogCacheMax: e.CATALOG_CACHE_MAX ?? 1000,
    rateLimitMax: e.RATE_LIMIT_MAX ?? 600,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT ?? 100 * 1024,
    requestTimeoutMs,
    headersTimeoutMs,
    timeoutCheckIntervalMs: e.TIMEOUT_CHECK_INTERVAL_MS ?? Math.min(1000, headersTimeoutMs),
    // Off in production unless asked for: the document maps every route for whoever looks.
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    metricsToken: e.METRICS_TOKEN,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    taxProvider: e.TAX_PROVIDER ?? 'built-in',
    sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET,
    usps: {
      clientId: e.USPS_CLIENT_ID,
      clientSecret: e.USPS_CLIENT_SECRET,
      baseUrl: noSlash(e.USPS_BASE_URL ?? 'https://apis.usps.com'),
      crid: e.USPS_CRID,
      mid: e.USPS_MID,
      manifestMid: e.USPS_MANIFEST_MID ?? e.USPS_MID,
      epsAccount: e.USPS_EPS_ACCOUNT,
    },
    tracking: {
      everyMs: e.TRACKING_EVERY_MS ?? 15 * 60_000,
      sandboxDayMs: e.SANDBOX_CARRIER_DAY_MS ?? 86_400_000,
    },
    reviews: { inviteDelayMs: e.REVIEW_INVITE_DELAY_MS ?? 3 * 86_400_000 },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${shopName} <orders@${slug(shopName)}.com>`,
    oidc: {
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE,
      algorithms: e.OIDC_ALGORITHMS ?? ['RS256'],
      tokenTypes: e.OIDC_TOKEN_TYPE,
      cookieKeys: e.OIDC_COOKIE_KEYS?.split(',')
        .map((k) => k.trim())
        .filter(Boolean),
      clientOrigins: e.OIDC_CLIENT_ORIGINS ?? [],
      passwordConnection: e.OIDC_PASSWORD_CONNECTION,
      passwordSubjectPrefix: e.OIDC_PASSWORD_SUBJECT_PREFIX ?? 'auth0|',
    },
    production: e.NODE_ENV === 'production',
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
    seedOnStart: e.SEED_ON_START ?? true,
    processRole: e.PROCESS_ROLE ?? 'all',
  };
}
