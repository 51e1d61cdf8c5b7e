import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DEFAULT_CLIENT_ID } from '../identity/oidc-configuration.ts';
import { authConfiguration } from './settings.ts';
import { createTestApp } from '../../../test/test-app.ts';

describe('the storefront sign-in settings in GET /api/configuration', () => {
  it('are the built-in provider defaults when OIDC_* are unset, with its account calls', () => {
    const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://shop.example.com' });
    expect(authConfiguration(config)).toEqual({
      issuer: 'https://shop.example.com/oidc',
      clientId: DEFAULT_CLIENT_ID,
      audience: 'https://shop.example.com/api',
      changePassword: {
        url: 'https://shop.example.com/api/identity/change-password',
        connection: 'password',
        subjectPrefix: '',
      },
      resendVerification: { url: 'https://shop.example.com/api/identity/verification-email' },
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
    // Auth0's issuer ends with a slash, as its tokens' `iss` does: kept as it is. Without
    // OIDC_PASSWORD_CONNECTION there is no Change Password, and an outside issuer resends nothing.
    expect(authConfiguration(config)).toEqual({
      issuer: 'https://sunward.us.auth0.com/',
      clientId: 'Xy12abc',
      audience: 'https://api.sunward.example',
      changePassword: null,
      resendVerification: null,
    });
  });

  it("offer Auth0's change-password request for its database connection's users", () => {
    for (const issuer of ['https://sunward.us.auth0.com/', 'https://sunward.us.auth0.com']) {
      const config = loadConfig({
        NODE_ENV: 'test',
        SITE_URL: 'https://shop.example.com',
        OIDC_ISSUER: issuer,
        OIDC_PASSWORD_CONNECTION: 'Username-Password-Authentication',
      });
      expect(authConfiguration(config).changePassword).toEqual({
        url: 'https://sunward.us.auth0.com/dbconnections/change_password',
        connection: 'Username-Password-Authentication',
        subjectPrefix: 'auth0|',
      });
    }
  });

  it('are served by the route, from the server configuration', async () => {
    const t = await createTestApp('sqlite', {
      oidc: {
        issuer: 'https://idp.example.com',
        clientId: 'spa',
        audience: 'https://api.example',
        algorithms: ['RS256'],
        clientOrigins: [],
        passwordConnection: 'db',
        passwordSubjectPrefix: 'db|',
      },
    });
    try {
      const res = await t.request('GET', '/api/configuration');
      expect((res.body as { auth: unknown }).auth).toEqual({
        issuer: 'https://idp.example.com',
        clientId: 'spa',
        audience: 'https://api.example',
        changePassword: {
          url: 'https://idp.example.com/dbconnections/change_password',
          connection: 'db',
          subjectPrefix: 'db|',
        },
        resendVerification: null,
      });
    } finally {
      await t.close();
    }
  });
});
