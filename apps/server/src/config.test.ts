import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the README defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      siteUrl: 'http://localhost:3000',
      shopName: 'Sunward',
      supportEmail: 'support@sunward.com',
      sqliteSynchronous: 'FULL',
      pgPoolMax: 10,
      pgPreparedStatements: 200,
      seedOnStart: true,
      logLevel: 'info',
      logRequests: false,
      rateLimitMax: 600,
      trustProxy: false,
      bodyLimit: 102_400,
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      timeoutCheckIntervalMs: 1000,
      apiDocs: true,
      catalogCacheMs: 2000,
      catalogCacheMax: 1000,
      assetsBaseUrl: '',
      usps: { baseUrl: 'https://apis.usps.com' },
      mailFrom: 'Sunward <orders@sunward.com>',
      processRole: 'all',
    });
    expect(c.databaseUrl).toMatch(/^sqlite:.*data\/shop\.db$/);
    expect(c.smtpUrl).toBeUndefined();
    expect(c.metricsToken).toBeUndefined();
    expect(c.stripe).toEqual({});
  });

  it.each([
    [{ PORT: '8080' }, { port: 8080, siteUrl: 'http://localhost:8080' }],
    [{ SITE_URL: 'https://shop.example.com/' }, { siteUrl: 'https://shop.example.com' }],
    [
      { SHOP_NAME: '  Harbor Sun ' },
      { shopName: 'Harbor Sun', supportEmail: 'support@harborsun.com' },
    ],
    [
      { DATABASE_URL: 'postgres://u:p@db:5432/shop' },
      { databaseUrl: 'postgres://u:p@db:5432/shop' },
    ],
    [{ DATABASE_URL: 'postgresql://db/shop' }, { databaseUrl: 'postgresql://db/shop' }],
    [{ SQLITE_SYNCHRONOUS: 'normal' }, { sqliteSynchronous: 'NORMAL' }],
    [{ PG_PREPARED_STATEMENTS: '0' }, { pgPreparedStatements: 0 }],
    [{}, { tracking: { everyMs: 900_000, sandboxDayMs: 86_400_000 } }],
    [
      { TRACKING_EVERY_MS: '2000', SANDBOX_CARRIER_DAY_MS: '6000' },
      { tracking: { everyMs: 2000, sandboxDayMs: 6000 } },
    ],
    [
      { LOG_REQUESTS: '1', SEED_ON_START: '0' },
      { logRequests: true, seedOnStart: false },
    ],
    [
      { LOG_REQUESTS: 'true', API_DOCS: 'false' },
      { logRequests: true, apiDocs: false },
    ],
    [{ NODE_ENV: 'production' }, { apiDocs: false }],
    [{ NODE_ENV: 'production', API_DOCS: '1' }, { apiDocs: true }],
    [{ NODE_ENV: 'test' }, { logLevel: 'silent' }],
    [{ HEADERS_TIMEOUT_MS: '500' }, { headersTimeoutMs: 500, timeoutCheckIntervalMs: 500 }],
    [{ CATALOG_CACHE_MS: '0' }, { catalogCacheMs: 0 }],
    [{ TRUST_PROXY: '10.0.0.0/8,loopback' }, { trustProxy: ['10.0.0.0/8', 'loopback'] }],
    [{ PORT: '' }, { port: 3000 }],
    [{ PROCESS_ROLE: 'worker' }, { processRole: 'worker' }],
    [{ PROCESS_ROLE: 'WEB' }, { processRole: 'web' }],
    [{ METRICS_TOKEN: ' 0123456789abcdef ' }, { metricsToken: '0123456789abcdef' }],
    [{}, { taxProvider: 'built-in' }],
    [{ TAX_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }, { taxProvider: 'stripe' }],
  ])('reads %j', (env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT="abc" is not valid: expected a port number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT="70000" is not valid: expected a port number'],
    [{ PORT: '3000.5' }, 'PORT="3000.5" is not valid'],
    [
      { RATE_LIMIT_MAX: '-1' },
      'RATE_LIMIT_MAX="-1" is not valid: expected a whole number of requests',
    ],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL="mysql://x" is not valid: expected sqlite:<path> or postgres://',
    ],
    [
      { SITE_URL: 'shop.example.com' },
      'SITE_URL="shop.example.com" is not valid: expected an http(s) origin',
    ],
    [
      { SUPPORT_EMAIL: 'support' },
      'SUPPORT_EMAIL="support" is not valid: expected an email address',
    ],
    [
      { SQLITE_SYNCHRONOUS: 'FAST' },
      'SQLITE_SYNCHRONOUS="FAST" is not valid: expected one of OFF, NORMAL, FULL, EXTRA',
    ],
    [{ PG_POOL_MAX: '0' }, 'PG_POOL_MAX="0" is not valid'],
    [
      { PG_PREPARED_STATEMENTS: 'all' },
      'PG_PREPARED_STATEMENTS="all" is not valid: expected a whole number of statements from 0',
    ],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL="verbose" is not valid: expected one of fatal, error'],
    [{ LOG_REQUESTS: 'sometimes' }, 'LOG_REQUESTS="sometimes" is not valid: expected 1 or 0'],
    [{ BODY_LIMIT: '100kb' }, 'BODY_LIMIT="100kb" is not valid: expected a whole number of bytes'],
    [
      { REQUEST_TIMEOUT_MS: '0' },
      'REQUEST_TIMEOUT_MS="0" is not valid: expected a positive whole number',
    ],
    [
      { REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' },
      'HEADERS_TIMEOUT_MS="6000" is not valid: expected at most REQUEST_TIMEOUT_MS (5000)',
    ],
    [
      { CATALOG_CACHE_MS: '-5' },
      'CATALOG_CACHE_MS="-5" is not valid: expected a whole number of milliseconds',
    ],
    [
      { CATALOG_CACHE_MAX: '0' },
      'CATALOG_CACHE_MAX="0" is not valid: expected a whole number of entries',
    ],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL="http://mail" is not valid: expected smtp://'],
    [
      { SANDBOX_CARRIER_DAY_MS: '500' },
      'SANDBOX_CARRIER_DAY_MS="500" is not valid: expected a whole number of milliseconds from 1000',
    ],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY=true would trust every hop'],
    [
      { PROCESS_ROLE: 'both' },
      'PROCESS_ROLE="both" is not valid: expected one of all, web, worker',
    ],
  ])('refuses %j with one line naming the variable', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text.split('\n')).toHaveLength(1);
    expect(text).toContain(message);
  });

  it.each(['short-secret', 'a token with spaces in it'])(
    'refuses METRICS_TOKEN=%j without writing the secret out',
    (token) => {
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(
        `METRICS_TOKEN=<${token.length} characters, not shown> is not valid: expected a token of at least 16`,
      );
      expect(() => loadConfig({ METRICS_TOKEN: token })).not.toThrow(token);
    },
  );

  it('refuses Stripe Tax without a Stripe account, and a provider it does not know', () => {
    expect(() => loadConfig({ TAX_PROVIDER: 'stripe' })).toThrow(
      'TAX_PROVIDER=stripe is not valid without STRIPE_SECRET_KEY',
    );
    expect(() => loadConfig({ TAX_PROVIDER: 'taxjar' })).toThrow(
      /^TAX_PROVIDER="taxjar" is not valid/,
    );
  });

  it('names every bad variable, one line each', () => {
    expect(() => loadConfig({ PORT: 'abc', RATE_LIMIT_MAX: '-1' })).toThrow(
      /^PORT="abc" .*\nRATE_LIMIT_MAX="-1" .*$/,
    );
  });
});
