/**
 * OIDC_CLIENT_ORIGINS: the built-in provider's first-party client also returns to other storefront
 * origins (a second shop that uses this one as its outside issuer), and the hosted pages' CSP lets
 * their forms end there (the header itself: plugins/security.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { Browser, relyingParty } from './identity.test-helpers.ts';
import { redirectUris } from './oidc-configuration.ts';

const OTHER_SHOP = 'http://127.0.0.1:4175';

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split('; ').map((d) => {
      const [name, ...values] = d.split(' ');
      return [name!, values];
    }),
  );

describe('OIDC_CLIENT_ORIGINS', () => {
  it('is read as a list of origins (paths and slashes dropped, duplicates once); empty by default', () => {
    expect(loadConfig({}).oidc.clientOrigins).toEqual([]);
    expect(
      loadConfig({
        OIDC_CLIENT_ORIGINS:
          'http://127.0.0.1:4175/, https://shop.example.com/x,http://127.0.0.1:4175',
      }).oidc.clientOrigins,
    ).toEqual([OTHER_SHOP, 'https://shop.example.com']);
  });

  it.each([
    'shop.example.com',
    'ftp://shop.example.com',
    'https://ok.example, javascript:alert(1)',
  ])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ OIDC_CLIENT_ORIGINS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_CLIENT_ORIGINS: value })).toThrow(
      /OIDC_CLIENT_ORIGINS=.* is not valid: expected a comma-separated list of http\(s\) origins/,
    );
  });

  it("adds each origin's /callback, /silent-renew and / to the client", () => {
    const uris = redirectUris('https://issuer.example', [OTHER_SHOP]);
    expect(uris.redirect).toEqual([
      'https://issuer.example/callback',
      'https://issuer.example/silent-renew',
      `${OTHER_SHOP}/callback`,
      `${OTHER_SHOP}/silent-renew`,
    ]);
    expect(uris.postLogout).toEqual(['https://issuer.example/', `${OTHER_SHOP}/`]);
    expect(redirectUris('https://issuer.example').redirect).toHaveLength(2);
  });
});

describe('the built-in provider with OIDC_CLIENT_ORIGINS', () => {
  let t: TestApp;
  let rp: client.Configuration;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { OIDC_CLIENT_ORIGINS: OTHER_SHOP });
    rp = await relyingParty(t.baseUrl);
  });
  afterAll(async () => t?.close());

  const authorize = async (redirectUri: string) => {
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 'x',
    });
    return new Browser().open(url.toString());
  };

  it("starts a sign-in that returns to the other origin's /callback, with its hosted page's CSP allowing it", async () => {
    const start = await authorize(`${OTHER_SHOP}/callback`);
    expect(start.location).toMatch(new RegExp(`^${t.baseUrl}/oidc/interaction/`));
    const res = await fetch(start.location!);
    expect(directives(res.headers.get('content-security-policy')!)['form-action']).toEqual([
      "'self'",
      OTHER_SHOP,
    ]);
  });

  it('still refuses an origin it does not name', async () => {
    const page = await authorize('http://127.0.0.1:4176/callback');
    expect(page.location).toBeNull();
    expect(page.text).toMatch(/redirect_uri did not match/);
  });

  it("answers the other origin's CORS requests to the token endpoint", async () => {
    const res = await fetch(`${t.baseUrl}/oidc/token`, {
      method: 'OPTIONS',
      headers: { origin: OTHER_SHOP, 'access-control-request-method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(OTHER_SHOP);
  });
});
