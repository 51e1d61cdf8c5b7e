import { describe, expect, it } from 'vitest';
import { authSettings } from './auth-settings.ts';
import { checkIdToken } from './id-token-checks.ts';

const config = {
  issuer: 'https://sunward.us.auth0.com/',
  clientId: 'spa-client',
  audience: 'https://api.sunward.example',
  changePassword: null,
  resendVerification: null,
};

describe('the login client settings (spec 9)', () => {
  it('are configured by issuer, client id and audience, with the spec constants', () => {
    const s = authSettings(config, 'https://shop.example.com');
    expect(s).toMatchObject({
      authority: 'https://sunward.us.auth0.com/',
      client_id: 'spa-client',
      redirect_uri: 'https://shop.example.com/callback',
      silent_redirect_uri: 'https://shop.example.com/silent-renew',
      post_logout_redirect_uri: 'https://shop.example.com/',
      response_type: 'code',
      scope: 'openid profile email offline_access',
      extraQueryParams: { audience: 'https://api.sunward.example' },
      automaticSilentRenew: true,
      requestTimeoutInSeconds: 10,
      staleStateAgeInSeconds: 86_400,
      monitorSession: false,
    });
    expect(s.disablePKCE).toBeFalsy();
  });
});

describe('the ID token checks (60 s leeway)', () => {
  const now = 1_800_000_000;
  const good = {
    iss: 'https://sunward.us.auth0.com/',
    aud: 'spa-client',
    exp: now + 3600,
    iat: now,
  };
  const check = (claims: object) => () => checkIdToken(claims, config, now);

  it('accept a token for this client from this issuer', () => {
    expect(check(good)).not.toThrow();
    expect(check({ ...good, iss: 'https://sunward.us.auth0.com' })).not.toThrow();
  });
  it('refuse another issuer, another audience, several audiences without azp', () => {
    expect(check({ ...good, iss: 'https://evil.example/' })).toThrow(/Issuer \(iss\)/);
    expect(check({ ...good, aud: 'other' })).toThrow(/Audience \(aud\)/);
    expect(check({ ...good, aud: ['spa-client', 'other'] })).toThrow(/Authorized Party/);
  });
  it('allow 60 s of clock skew on exp and iat, not more', () => {
    expect(check({ ...good, exp: now - 60 })).not.toThrow();
    expect(check({ ...good, exp: now - 61 })).toThrow(/Expiration Time/);
    expect(check({ ...good, iat: now + 60 })).not.toThrow();
    expect(check({ ...good, iat: now + 61 })).toThrow(/Issued At/);
  });
});
