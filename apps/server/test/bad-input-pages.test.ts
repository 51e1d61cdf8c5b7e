/**
 * Control characters on the built-in identity provider (issue 23): every field of the hosted forms
 * (sign in, create account, forgot and reset password; HTML form posts), the pages' query and path
 * parameters, and oidc-provider's own endpoints (authorization, token, revocation, sign-out) answer 400,
 * the hosted pages with an HTML page in their style that names the field, never a 5xx. On PostgreSQL a
 * NUL reaching a query is an error, so this is where it would show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from './test-app.ts';
import {
  Browser,
  TEST_PASSWORD,
  formAction,
  relyingParty,
  startLogin,
} from '../src/features/identity/identity.test-helpers.ts';

const CHARACTERS = ['\u0000', '\u0001', '\u001b', '\u007f', '\t', '\n', '\r'];
const LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  name: 'Name',
  uid: 'Sign-in ID',
  token: 'Token',
};
const shown = (text: string) => JSON.stringify(text).slice(1, -1);

describe.each(DATABASE_KINDS)('control characters on the identity pages (%s)', (kind) => {
  let t: TestApp;
  let browser: Browser;
  let authUrl: string;
  let loginAction: string;
  let uid: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    browser = new Browser();
    authUrl = (await startLogin(await relyingParty(t.baseUrl), t.baseUrl)).url;
    const signIn = await browser.follow(await browser.open(authUrl), `${t.baseUrl}/callback`);
    loginAction = formAction(signIn);
    uid = /\/interaction\/([^/]+)\/login$/.exec(loginAction)![1]!;
  });
  afterAll(async () => t?.close());

  it('answers every hosted form field holding a control character with an HTML 400 naming it', async () => {
    const forms: Array<{ url: string; fields: Record<string, string> }> = [
      { url: loginAction, fields: { email: 'sam@example.com', password: TEST_PASSWORD } },
      {
        url: `${t.baseUrl}/oidc/interaction/${uid}/signup`,
        fields: { name: 'Sam Shopper', email: 'sam@example.com', password: TEST_PASSWORD },
      },
      {
        url: `${t.baseUrl}/oidc/account/forgot-password`,
        fields: { email: 'sam@example.com', uid },
      },
      {
        url: `${t.baseUrl}/oidc/account/reset-password`,
        fields: { token: 'a-reset-token', password: TEST_PASSWORD },
      },
      {
        url: `${t.baseUrl}/oidc/account/verify-email`,
        fields: { token: 'a-confirmation-token', password: TEST_PASSWORD },
      },
    ];
    const failures: string[] = [];
    for (const form of forms) {
      for (const name of Object.keys(form.fields)) {
        await Promise.all(
          CHARACTERS.map(async (char) => {
            const fields = { ...form.fields, [name]: `${form.fields[name]}${char}x` };
            const page = await browser.open(form.url, { form: fields });
            const named = page.text.includes(
              `${LABELS[name]} contains characters that are not allowed (control characters).`,
            );
            if (page.status !== 400 || !page.text.startsWith('<!doctype html>') || !named) {
              failures.push(
                `${form.url} ${name} "${shown(char)}": ${page.status} ${page.text.slice(0, 80)}`,
              );
            }
          }),
        );
      }
    }
    expect(failures).toEqual([]);
    // The interaction was left as it was: signing in still works.
    const signedIn = await browser.open(loginAction, {
      form: { email: 'nobody@example.com', password: TEST_PASSWORD },
    });
    expect(signedIn.status).toBe(401);
  });

  it('answers a field sent twice in a hosted form or query with an HTML 400 naming it (a 500 before)', async () => {
    const posts: Array<[string, string, string]> = [
      [loginAction, 'email=a%40example.com&email=b%40example.com&password=x', 'Email'],
      [
        `${t.baseUrl}/oidc/interaction/${uid}/signup`,
        'name=Sam&name=Kim&email=sam%40example.com&password=sunny+shirts+on+the+porch',
        'Name',
      ],
      [`${t.baseUrl}/oidc/account/forgot-password`, 'email=a%40example.com&email=b', 'Email'],
      [`${t.baseUrl}/oidc/account/reset-password`, 'token=a&token=b&password=x', 'Token'],
      [`${t.baseUrl}/oidc/account/verify-email`, 'token=a&password=x&password=y', 'Password'],
    ];
    for (const [url, body, label] of posts) {
      const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body,
        redirect: 'manual',
      });
      expect([url, res.status]).toEqual([url, 400]);
      expect(await res.text()).toContain(`${label} was sent more than once.`);
    }
    for (const url of [
      '/oidc/account/forgot-password?uid=a&uid=b',
      '/oidc/account/reset-password?token=a&token=b',
      '/oidc/account/verify-email?token=a&token=b',
    ]) {
      const page = await browser.open(`${t.baseUrl}${url}`);
      expect([url, page.status]).toEqual([url, 400]);
      expect(page.text).toContain('was sent more than once.');
    }
  });

  it('answers control characters in the pages’ query and path parameters with an HTML 400', async () => {
    for (const url of [
      '/oidc/interaction/%00',
      `/oidc/interaction/${uid}/signup?x=%1B`,
      '/oidc/account/forgot-password?uid=%00',
      '/oidc/account/reset-password?token=%00',
      '/oidc/account/verify-email?token=%0A',
    ]) {
      const page = await browser.open(`${t.baseUrl}${url}`);
      expect([url, page.status]).toEqual([url, 400]);
      expect(page.text).toContain('contains characters that are not allowed');
    }
  });

  it('answers control characters sent to the provider’s own endpoints with a 400, never a 5xx', async () => {
    const callback = `${t.baseUrl}/callback`;
    const form = (body: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    const requests: Array<[string, RequestInit]> = [
      [authUrl.replace(/client_id=[^&]+/, 'client_id=%00'), {}],
      [`${authUrl}&login_hint=%1B`, {}],
      [
        '/oidc/token',
        form({ grant_type: 'authorization_code', code: 'x\u0000', redirect_uri: callback }),
      ],
      ['/oidc/token', form({ grant_type: 'refresh_token', refresh_token: 'x\u0000' })],
      [
        '/oidc/token',
        form({ grant_type: 'refresh_token', refresh_token: 'x', client_id: '\u0000' }),
      ],
      ['/oidc/token/revocation', form({ token: 'x\u0000', client_id: 'sunward-web' })],
      ['/oidc/session/end?client_id=%00', {}],
      ['/oidc/session/end/confirm', form({ xsrf: '\u0000', logout: 'yes' })],
    ];
    for (const [path, init] of requests) {
      const url = path.startsWith('http') ? path : `${t.baseUrl}${path}`;
      const res = await fetch(url, { ...init, redirect: 'manual' });
      const text = await res.text();
      expect([path, res.status]).toEqual([path, 400]);
      expect(JSON.parse(text)).toMatchObject({
        error: 'invalid_request',
        code: 'invalid_characters',
      });
    }
    // A body over the provider's own limit (56 KB) is not read whole: 413.
    const big = await fetch(`${t.baseUrl}/oidc/token`, {
      ...form({ grant_type: 'refresh_token', refresh_token: 'a'.repeat(60_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'invalid_request', code: 'too_large' });
    // A browser (it accepts HTML) gets the hosted page.
    const page = await fetch(authUrl.replace(/client_id=[^&]+/, 'client_id=%00'), {
      headers: { accept: 'text/html,application/xhtml+xml' },
      redirect: 'manual',
    });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain(
      'Client ID contains characters that are not allowed (control characters).',
    );
  });
});
