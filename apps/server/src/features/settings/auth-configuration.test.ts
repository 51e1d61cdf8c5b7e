import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DEFAULT_CLIENT_ID } from '../identity/oidc-configuration.ts';
import { authConfiguration } from './settings.ts';
import { createTestApp } from '../../../test/test-app.ts';

describe('the storefront sign-in settings in GET /api/configuration', () => {
  it('are the built-in provider defaults when OIDC_* are unset', () => {
    const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://shop.example.com' });
    expect(authConfiguration(config)).toEqual({
      issuer: 'https://shop.example.com/oidc',
      clientId: DEFAULT_CLIENT_ID,
      audience: 'https://shop.example.com/api',
    });
  });

  it('are the outside issuer, its client and its API when the three variables are set', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SITE_URL: 'https://shop.example.com',
      OIDC_ISSUER: 'https://sunward.us.auth0.com/',
      OIDC_CLIENT_ID: 'Xy12abc',
      OIDC_AUDIENCE: 'https://api.sunward.example',
    });
    // Auth0's issuer ends with a slash, as its tokens' `iss` does: kept as it is.
    expect(authConfiguration(config)).toEqual({
      issuer: 'https://sunward.us.auth0.com/',
      clientId: 'Xy12abc',
      audience: 'https://api.sunward.example',
    });
  });

  it('are served by the route, from the server configuration', async () => {
    const t = await createTestApp('sqlite', {
      oidc: {
        issuer: 'https://idp.example.com',
        clientId: 'spa',
        audience: 'https://api.example',
        algorithms: ['RS256'],
        clientOrigins: [],
      },
    });
    try {
      const res = await t.request('GET', '/api/configuration');
      expect((res.body as { auth: unknown }).auth).toEqual({
        issuer: 'https://idp.example.com',
        clientId: 'spa',
        audience: 'https://api.example',
      });
    } finally {
      await t.close();
    }
  });
});
