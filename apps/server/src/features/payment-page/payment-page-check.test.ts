/**
 * The monitor's header rules (decision 056): what must arrive exactly as the shop sends it and what
 * must only be present and safe, each case with what it finds.
 */
import { describe, expect, it } from 'vitest';
import { compareHeaders, pageScripts } from './payment-page-check.ts';

/** The headers an https shop sends on its pages (plugins/security.ts), the ones compared. */
const shop: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'self'; object-src 'none'; report-uri /api/csp-reports; report-to csp",
  'reporting-endpoints': 'csp="/api/csp-reports"',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-opener-policy': 'same-origin',
};
const found = (changes: Record<string, string | null>) =>
  compareHeaders((name) => (name in changes ? changes[name]! : (shop[name] ?? null)), shop).map(
    (f) => `${f.kind} ${f.subject}`,
  );

describe('the payment page’s headers against the shop’s', () => {
  it.each<[string, Record<string, string | null>, string[]]>([
    ['as sent', {}, []],
    [
      'a CSP directive widened',
      {
        'content-security-policy': shop['content-security-policy']!.replace(
          "object-src 'none'",
          'object-src *',
        ),
      },
      ['header_changed content-security-policy'],
    ],
    [
      'a CSP directive added',
      { 'content-security-policy': `${shop['content-security-policy']!}; script-src-elem *` },
      ['header_changed content-security-policy'],
    ],
    [
      'the CSP gone',
      { 'content-security-policy': null },
      ['header_missing content-security-policy'],
    ],
    [
      'the reports sent elsewhere',
      { 'reporting-endpoints': 'csp="https://evil.example/r"' },
      ['header_changed reporting-endpoints'],
    ],
    ['nosniff gone', { 'x-content-type-options': null }, ['header_missing x-content-type-options']],
    ['framing denied instead: still safe', { 'x-frame-options': 'DENY' }, []],
    ['framing allowed', { 'x-frame-options': 'ALLOWALL' }, ['header_changed x-frame-options']],
    [
      'a referrer policy that leaks',
      { 'referrer-policy': 'unsafe-url' },
      ['header_changed referrer-policy'],
    ],
    [
      'HSTS of a day',
      { 'strict-transport-security': 'max-age=86400' },
      ['header_changed strict-transport-security'],
    ],
    [
      'HSTS gone',
      { 'strict-transport-security': null },
      ['header_missing strict-transport-security'],
    ],
  ])('%s', (_name, changes, expected) => {
    expect(found(changes)).toEqual(expected);
  });
});

describe('the scripts of a page', () => {
  it('are its script and preload tags with their integrity, and its inline scripts by hash', () => {
    const html = `<head><script type="importmap">{"imports":{}}</script>
      <script type="module" src="/static/a.js" integrity="sha384-x"></script>
      <link rel="modulepreload" href="/static/b.js">
      <script type="application/ld+json">{"@type":"Product"}</script>
      <script>alert(1)</script></head>`;
    const scripts = pageScripts(html, 'https://shop.example/checkout');
    expect(scripts.map((s) => [s.tag, s.url, s.integrity])).toEqual([
      ['inline', expect.stringMatching(/^'sha256-/), null],
      ['script', 'https://shop.example/static/a.js', 'sha384-x'],
      ['preload', 'https://shop.example/static/b.js', null],
      ['inline', expect.stringMatching(/^'sha256-/), null],
    ]);
    expect(scripts[0]!.importMap).toBe('{"imports":{}}');
  });
});
