/**
 * The hosted account journeys over real HTTP: create an account (the verification email is in the
 * outbox; its link asks for the password, works once and expires), the slow-down after five wrong
 * passwords, and password reset by emailed link (works once), with the password rules on the pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  Browser,
  TEST_PASSWORD,
  createAccount,
  formAction,
  relyingParty,
  signInThroughPages,
  startLogin,
} from './identity.test-helpers.ts';
import { ALREADY_VERIFIED_MESSAGE, VERIFICATION_SENT_MESSAGE } from './identity.routes.ts';
import { signInForApi } from '../customers/customers.factories.ts';
import { SIGN_IN_ENDED } from './account-sessions.ts';

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`(https?://[^\\s"<]+${path}\\?token=[\\w-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in ${text}`);
  return match[1]!;
};

describe.each(DATABASE_KINDS)('identity accounts (%s)', (kind) => {
  let t: TestApp;
  let authUrl: () => Promise<string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const rp = await relyingParty(t.baseUrl);
    authUrl = async () => (await startLogin(rp, t.baseUrl)).url;
  });
  afterAll(async () => t?.close());

  const outbox = (to: string, kind: string) =>
    t.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', to)
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .execute();

  async function signUpPage(browser: Browser) {
    const signIn = await browser.follow(await browser.open(await authUrl()));
    return browser.open(formAction(signIn).replace(/\/login$/, '/signup'));
  }

  it('creates an account, emails a link that confirms it with the password, once, then signs in', async () => {
    const browser = new Browser();
    const page = await signUpPage(browser);
    expect(page.text).toContain('<label for="field-name">Name</label>');
    const posted = await browser.open(formAction(page), {
      form: { name: 'Riley Beach', email: 'Riley@Example.com', password: TEST_PASSWORD },
    });
    // Nobody is signed in by signing up: the address is proven first.
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('Check your email');
    expect(posted.text).toContain('We sent a message to riley@example.com.');

    const account = await t.database.db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', 'riley@example.com')
      .executeTakeFirstOrThrow();
    expect(account.email_verified).toBe(0);
    expect(account.id).toMatch(/^acct_/);

    const [mail] = await outbox('riley@example.com', 'verify-email');
    const link = linkIn(mail!.text, '/oidc/account/verify-email');
    // Opening the link changes nothing (a mail scanner may open it): it asks for the password.
    const confirmPage = await browser.open(link);
    expect(confirmPage.status).toBe(200);
    expect(confirmPage.text).toContain('Confirm your email');
    expect(confirmPage.text).toContain('riley@example.com');
    const token = new URL(link).searchParams.get('token')!;
    const wrong = await browser.open(formAction(confirmPage), {
      form: { token, password: 'not the password at all' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('That is not the password of this account.');
    const unverified = await t.database.db
      .selectFrom('accounts')
      .select('email_verified')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(unverified.email_verified).toBe(0);

    const first = await browser.open(formAction(confirmPage), {
      form: { token, password: TEST_PASSWORD },
    });
    expect(first.status).toBe(303);
    const ok = new URL(first.location!);
    expect(ok.pathname).toBe('/user-verification-result');
    expect(ok.searchParams.get('success')).toBe('true');
    expect(ok.searchParams.get('message')).toMatch(/verified/);
    const verified = await t.database.db
      .selectFrom('accounts')
      .select('email_verified')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(verified.email_verified).toBe(1);

    // This browser's next sign-in needs no password; the one-time sign-in works once.
    const copy = new Browser();
    copy.cookies.set('sunward_sign_in', browser.cookies.get('sunward_sign_in')!);
    const callback = await browser.follow(
      await browser.open(await authUrl()),
      `${t.baseUrl}/callback`,
    );
    expect(callback.location).toMatch(/\/callback\?code=/);
    const replayed = await copy.follow(await copy.open(await authUrl()));
    expect(replayed.text).toContain('<h1>Sign in</h1>');
    const elsewhere = new Browser();
    const signIn = await elsewhere.follow(await elsewhere.open(await authUrl()));
    expect(signIn.text).toContain('<h1>Sign in</h1>');

    const again = new URL((await new Browser().open(link)).location!);
    expect(again.searchParams.get('success')).toBe('false');
    expect(again.searchParams.get('message')).toBe('This link has already been used.');
  });

  it('refuses an expired verification link', async () => {
    const browser = new Browser();
    const page = await signUpPage(browser);
    await browser.open(formAction(page), {
      form: { name: 'Jo Late', email: 'jo.late@example.com', password: TEST_PASSWORD },
    });
    const [mail] = await outbox('jo.late@example.com', 'verify-email');
    await t.database.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const result = new URL(
      (await new Browser().open(linkIn(mail!.text, '/oidc/account/verify-email'))).location!,
    );
    expect(result.searchParams.get('success')).toBe('false');
    expect(result.searchParams.get('message')).toBe('This link has expired.');
  });

  it.each([
    ['short1!', 'Use at least 8 characters.'],
    ['password1', 'leaked from other sites'],
    ['x'.repeat(129), 'Use at most 128 characters.'],
  ])(
    'refuses the password %j at sign-up, the message tied to the field',
    async (password, message) => {
      const browser = new Browser();
      const page = await signUpPage(browser);
      const answer = await browser.open(formAction(page), {
        form: { name: 'Pat', email: `pat.${password.length}@example.com`, password },
      });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(message);
      expect(answer.text).toMatch(/aria-describedby="field-password-hint field-password-error"/);
      expect(answer.text).toContain('aria-invalid="true"');
    },
  );

  it('slows sign-in after five wrong passwords and says when to retry', async () => {
    const account = await createAccount(t.database.db);
    const browser = new Browser();
    const signIn = await browser.follow(await browser.open(await authUrl()));
    const action = formAction(signIn);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        await browser.open(action, { form: { email: account.email, password: 'wrong password!' } }),
      );
    }
    expect(answers.slice(0, 4).map((a) => a.status)).toEqual([401, 401, 401, 401]);
    expect(answers[3]!.text).toContain('The email or password is not right.');
    expect(answers[4]!.status).toBe(429);
    expect(answers[4]!.text).toContain('Too many attempts. Try again in 30 seconds.');
    // Even the right password waits its turn.
    const right = await browser.open(action, {
      form: { email: account.email, password: TEST_PASSWORD },
    });
    expect(right.status).toBe(429);
    expect(right.text).toMatch(/Too many attempts\. Try again in \d+ seconds\./);
  });

  it('resets a password by emailed link, once; the new password signs in', async () => {
    const account = await createAccount(t.database.db, { verified: false });
    const asked = await t.request('POST', '/api/identity/change-password', {
      email: account.email,
      connection: 'password',
    });
    expect(asked.status).toBe(200);
    const unknown = await t.request('POST', '/api/identity/change-password', {
      email: 'nobody@example.com',
      connection: 'password',
    });
    expect(unknown.body).toEqual(asked.body);
    expect(await outbox('nobody@example.com', 'reset-password')).toHaveLength(0);

    const [mail] = await outbox(account.email, 'reset-password');
    const link = linkIn(mail!.text, '/oidc/account/reset-password');
    const browser = new Browser();
    const form = await browser.open(link);
    expect(form.status).toBe(200);
    const common = await browser.open(formAction(form), {
      form: { token: new URL(link).searchParams.get('token')!, password: 'iloveyou1' },
    });
    expect(common.text).toContain('leaked from other sites');
    const newPassword = 'a brand new sunhat';
    const saved = await browser.open(formAction(form), {
      form: { token: new URL(link).searchParams.get('token')!, password: newPassword },
    });
    expect(saved.text).toContain('Password changed');

    const reused = await browser.open(formAction(form), {
      form: { token: new URL(link).searchParams.get('token')!, password: 'another new one 42' },
    });
    expect(reused.status).toBe(400);
    expect(reused.text).toContain('This link has already been used.');
    expect((await browser.open(link)).text).toContain('This link has already been used.');

    const callback = await signInThroughPages(new Browser(), await authUrl(), t.baseUrl, {
      email: account.email,
      password: newPassword,
    });
    expect(callback.location).toMatch(/\/callback\?code=/);
  });

  it("accepts Auth0's change-password body with the storefront's client id, and no other", async () => {
    const account = await createAccount(t.database.db, { verified: true });
    const body = { email: account.email, connection: 'password' };
    const asked = await t.request('POST', '/api/identity/change-password', {
      ...body,
      client_id: 'sunward-web',
    });
    expect(asked.status).toBe(200);
    expect(await outbox(account.email, 'reset-password')).toHaveLength(1);
    const other = await t.request('POST', '/api/identity/change-password', {
      ...body,
      client_id: 'someone-else',
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ code: 'unknown-client' });
  });

  it('sends the verification link again to the signed-in account, once a minute', async () => {
    const account = await createAccount(t.database.db, { verified: false });
    const tokens = await signInForApi(t.baseUrl, account.email);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const send = () => t.request('POST', '/api/identity/verification-email', undefined, auth);

    expect((await t.request('POST', '/api/identity/verification-email')).status).toBe(401);
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: VERIFICATION_SENT_MESSAGE });
    const [mail] = await outbox(account.email, 'verify-email');
    const link = linkIn(mail!.text, '/oidc/account/verify-email');

    const again = await send();
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'too-soon' });
    expect((again.body as { message: string }).message).toMatch(/Try again in \d+ seconds\./);
    expect(await outbox(account.email, 'verify-email')).toHaveLength(1);

    const confirm = await new Browser().open(link, {
      form: { token: new URL(link).searchParams.get('token')!, password: TEST_PASSWORD },
    });
    expect(confirm.location).toContain('success=true');
    // Confirming ended every earlier sign-in: this token's too.
    const ended = await send();
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject({ code: 'invalid_token', message: SIGN_IN_ENDED });
    const fresh = await signInForApi(t.baseUrl, account.email);
    const verified = await t.request('POST', '/api/identity/verification-email', undefined, {
      authorization: `Bearer ${fresh.access_token}`,
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: ALREADY_VERIFIED_MESSAGE });
    expect(await outbox(account.email, 'verify-email')).toHaveLength(1);
  });

  it('answers change-password for other connections with a typed failure', async () => {
    const answer = await t.request('POST', '/api/identity/change-password', {
      email: 'someone@example.com',
      connection: 'google-oauth2',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'unsupported-connection' });
  });

  it('serves its pages without script, with a stylesheet of its own', async () => {
    const browser = new Browser();
    const page = await browser.follow(await browser.open(await authUrl()));
    expect(page.text).not.toMatch(/<script|style=/);
    expect(page.text).toContain('href="/oidc/pages.css"');
    const css = await fetch(`${t.baseUrl}/oidc/pages.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
    const res = await fetch(page.url);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
