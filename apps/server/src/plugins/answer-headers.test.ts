/**
 * Every kind of answer the shop gives carries the security headers (issue 31 item 4): pages from the
 * route and from the fast lane, the app's routes, the not-found page, built files, JSON at every status
 * the API answers (200, 304, 400, 401, 403, 404, 413, 415, 500), the identity provider's pages and
 * JSON, and the cookies it and the shop set. Behind TLS (an https site behind a trusted proxy):
 * Strict-Transport-Security, nosniff, frame-ancestors and Referrer-Policy on each; cookies Secure,
 * HttpOnly and SameSite.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customerToken } from '../features/operators/operators.factories.ts';
import { relyingParty, startLogin } from '../features/identity/identity.test-helpers.ts';

const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');
const SITE = 'https://shop.example';
/** As a TLS-terminating proxy in front of the shop sends them. */
const BEHIND_TLS = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' };

interface Answer {
  what: string;
  status: number;
  headers: Headers;
}

/**
 * The headers every answer must carry, whatever its kind: documents may be framed by the shop itself
 * (the card form's frames), JSON from /api by nothing.
 */
function expectSecured({ what, headers }: Answer, frames: 'self' | 'none' | 'either' = 'either') {
  expect(headers.get('strict-transport-security'), what).toBe(
    'max-age=31536000; includeSubDomains',
  );
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy') ?? '', what).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer)$/,
  );
  const ancestors = /frame-ancestors '(self|none)'/.exec(
    headers.get('content-security-policy') ?? '',
  )?.[1];
  expect(ancestors, what).toBeDefined();
  if (frames !== 'either') expect(ancestors, what).toBe(frames);
}

describe('the security headers on every kind of answer, behind TLS', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST, 'server/prerender.js'))) {
      throw new Error(`No built storefront at ${WEB_DIST}: run node scripts/build.mjs first.`);
    }
    t = await createTestApp('sqlite', {
      webDistDir: WEB_DIST,
      siteUrl: SITE,
      trustProxy: ['127.0.0.1'],
      catalogCacheMs: 600_000,
      bodyLimit: 64 * 1024,
    });
  });
  afterAll(() => t?.close());

  const get = async (what: string, url: string, init: RequestInit = {}): Promise<Answer> => {
    const res = await fetch(t.baseUrl + url, {
      redirect: 'manual',
      ...init,
      headers: { ...BEHIND_TLS, ...(init.headers as Record<string, string>) },
    });
    await res.arrayBuffer();
    return { what, status: res.status, headers: res.headers };
  };

  it('secures pages: prerendered (route and fast lane), the app’s, not found, HEAD, built files', async () => {
    const script = readdirSync(path.join(WEB_DIST, 'static')).find((f) => f.endsWith('.js'));
    const answers = [
      await get('a prerendered page', '/designs/alaska'),
      await get('the same page from the fast lane', '/designs/alaska'),
      await get('an app route', '/account'),
      await get('a page HEAD', '/', { method: 'HEAD' }),
      await get('the not-found page', '/no-such-page'),
      await get('a built script', `/static/${script}`),
      await get('a missing built file', '/static/no-such-file.js'),
      await get('robots.txt', '/robots.txt'),
    ];
    expect(answers.map((a) => [a.what, a.status])).toEqual([
      ['a prerendered page', 200],
      ['the same page from the fast lane', 200],
      ['an app route', 200],
      ['a page HEAD', 200],
      ['the not-found page', 404],
      ['a built script', 200],
      ['a missing built file', 404],
      ['robots.txt', 200],
    ]);
    for (const answer of answers) expectSecured(answer);
  });

  it('secures JSON at every status the API answers', async () => {
    const customer = await customerToken(t);
    const products = await get('the catalogue', '/api/products');
    const answers = [
      products,
      await get('the catalogue unchanged', '/api/products', {
        headers: { 'if-none-match': products.headers.get('etag') ?? '' },
      }),
      await get('a refused body', '/api/support', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      await get('bad JSON', '/api/support', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      await get('anonymous on the console', '/api/admin/orders'),
      await get('a customer on the console', '/api/admin/orders', { headers: customer.headers }),
      await get('an unknown API URL', '/api/no-such-thing'),
      await get('a body too large', '/api/support', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'x'.repeat(100 * 1024) }),
      }),
      await get('a body of another type', '/api/support', {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: 'a,b',
      }),
    ];
    expect(answers.map((a) => [a.what, a.status])).toEqual([
      ['the catalogue', 200],
      ['the catalogue unchanged', 304],
      ['a refused body', 400],
      ['bad JSON', 400],
      ['anonymous on the console', 401],
      ['a customer on the console', 403],
      ['an unknown API URL', 404],
      ['a body too large', 413],
      ['a body of another type', 415],
    ]);
    for (const answer of answers) expectSecured(answer, 'none');
  });

  it('secures a 500', async () => {
    // A setting stored broken: the routes that need the settings answer 500 settings_invalid.
    const db = t.database.db;
    const before = await db
      .selectFrom('settings')
      .selectAll()
      .where('key', '=', 'freeShippingTarget')
      .executeTakeFirst();
    await db
      .insertInto('settings')
      .values({ key: 'freeShippingTarget', value: '-5', updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '-5' }))
      .execute();
    t.app.catalogCache.invalidate();
    try {
      const broken = await get('a server error', '/api/configuration');
      expect(broken.status).toBe(500);
      expectSecured(broken, 'none');
    } finally {
      await db.deleteFrom('settings').where('key', '=', 'freeShippingTarget').execute();
      if (before) await db.insertInto('settings').values(before).execute();
      t.app.catalogCache.invalidate();
    }
  });

  it("secures the identity provider's pages and JSON, and its cookies are Secure, HttpOnly, SameSite", async () => {
    const discovery = await get('the discovery document', '/oidc/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    expectSecured(discovery);

    const rp = await relyingParty(t.baseUrl);
    const { url } = await startLogin(rp, t.baseUrl);
    const start = await get(
      'the authorization request',
      new URL(url).pathname + new URL(url).search,
    );
    expect(start.status).toBe(303);
    expectSecured(start);
    const cookies = start.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    const page = await get(
      'the sign-in page',
      new URL(start.headers.get('location')!, SITE).pathname,
      {
        headers: { cookie: cookies.map((c) => c.split(';')[0]).join('; ') },
      },
    );
    expect(page.status).toBe(200);
    expectSecured(page, 'self');
    for (const cookie of cookies) {
      const attributes = cookie.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes, cookie).toContain('secure');
      expect(attributes, cookie).toContain('httponly');
      expect(
        attributes.some((a) => /^samesite=(lax|strict)$/.test(a)),
        cookie,
      ).toBe(true);
    }
  });
});
