/** The document CSP: where the storefront may connect and where forms may end, per identity setup. */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { builtDist } from '../features/payment-page/payment-page.factories.ts';
import { securityHeaders } from './security.ts';

const OTHER_SHOP = 'http://127.0.0.1:4175';

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split('; ').map((d) => {
      const [name, ...values] = d.split(' ');
      return [name!, values];
    }),
  );

describe('the CSP and sign-in', () => {
  it("puts them in the built-in provider's form-action, not an outside issuer's storefront's", () => {
    const builtIn = loadConfig({
      SITE_URL: 'https://issuer.example',
      OIDC_CLIENT_ORIGINS: OTHER_SHOP,
    });
    expect(directives(securityHeaders(builtIn)['content-security-policy']!)['form-action']).toEqual(
      ["'self'", OTHER_SHOP],
    );
    expect(
      directives(securityHeaders(loadConfig({}))['content-security-policy']!)['form-action'],
    ).toEqual(["'self'"]);
  });

  it("lets a storefront reach an outside issuer's origin (connect-src, form-action, frame-src)", () => {
    const shop = loadConfig({
      SITE_URL: OTHER_SHOP,
      OIDC_ISSUER: 'http://127.0.0.1:4174/oidc',
      OIDC_CLIENT_ORIGINS: 'https://ignored.example',
    });
    const csp = directives(securityHeaders(shop)['content-security-policy']!);
    expect(csp['connect-src']).toContain('http://127.0.0.1:4174');
    expect(csp['form-action']).toEqual(["'self'", 'http://127.0.0.1:4174']);
    expect(csp['frame-src']).toContain('http://127.0.0.1:4174');
  });
});

describe('the CSP’s reports and the payment page’s import map (decision 056)', () => {
  it('reports to the shop: report-to with Reporting-Endpoints on https, report-uri alone on http', () => {
    const tls = securityHeaders(loadConfig({ SITE_URL: 'https://shop.example' }));
    const csp = directives(tls['content-security-policy']!);
    expect(csp['report-uri']).toEqual(['/api/csp-reports']);
    expect(csp['report-to']).toEqual(['csp']);
    expect(tls['reporting-endpoints']).toBe('csp="/api/csp-reports"');

    const plain = securityHeaders(loadConfig({ SITE_URL: 'http://127.0.0.1:3000' }));
    expect(directives(plain['content-security-policy']!)['report-uri']).toEqual([
      '/api/csp-reports',
    ]);
    expect(directives(plain['content-security-policy']!)['report-to']).toBeUndefined();
    expect(plain['reporting-endpoints']).toBeUndefined();
  });

  it('allows the build’s import map by its hash, and no other inline script', () => {
    const dist = builtDist();
    try {
      const config = { ...loadConfig({}), webDistDir: dist.dir };
      const scripts = directives(securityHeaders(config)['content-security-policy']!)['script-src'];
      expect(scripts).toEqual(["'self'", ...dist.inventory.inlineScripts]);
      expect(scripts!.join(' ')).not.toContain('unsafe-inline');
    } finally {
      rmSync(dist.dir, { recursive: true, force: true });
    }
  });
});
