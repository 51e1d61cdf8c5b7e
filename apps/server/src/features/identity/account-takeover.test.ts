/**
 * Issue 23, item 1 and its kin, as an attacker tries them (each failed on the main of 2026-11-27):
 * a stranger signs up first with someone else's address and keeps their sign-in; the owner proves the
 * address (a reset, or the confirmation link); nothing the stranger holds works afterwards, and the
 * stranger never becomes the owner, nor an operator through ADMIN_EMAILS. Sign-up answers the same for
 * a taken address; a stranger's wrong passwords do not lock the owner out; a revoke beats ADMIN_EMAILS.
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertGuestOrder, signInForApi } from '../customers/customers.factories.ts';
import { setOperatorRole } from '../customers/operator-roles.ts';
import { SIGN_IN_ENDED } from './account-sessions.ts';
import {
  Browser,
  TEST_PASSWORD,
  createAccount,
  formAction,
  relyingParty,
  signInThroughPages,
  startLogin,
} from './identity.test-helpers.ts';

const OWNER = 'dana.owner@example.com';
const ADMIN = 'ops.lead@example.com';
const SQUATTER_PASSWORD = 'squatters keep the keys';

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`(https?://[^\\s"<]+${path}\\?token=[\\w-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in ${text}`);
  return match[1]!;
};

describe.each(DATABASE_KINDS)('accounts nobody can take over (%s)', (kind) => {
  let t: TestApp;
  let rp: client.Configuration;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: [ADMIN] }, { TRUST_PROXY: 'loopback' });
    rp = await relyingParty(t.baseUrl);
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

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function signUp(browser: Browser, email: string, password: string) {
    const login = await startLogin(rp, t.baseUrl);
    const signIn = await browser.follow(await browser.open(login.url));
    const page = await browser.open(formAction(signIn).replace(/\/login$/, '/signup'));
    return browser.open(formAction(page), { form: { name: 'Someone', email, password } });
  }

  /** The tokens of a sign-in in `browser` (its provider session stays in the browser's cookies). */
  async function signIn(browser: Browser, email: string, password: string) {
    const login = await startLogin(rp, t.baseUrl, { audience: `${t.baseUrl}/api` });
    const callback = await signInThroughPages(browser, login.url, t.baseUrl, { email, password });
    if (!callback.location?.includes('code=')) throw new Error(`no code: ${callback.location}`);
    return client.authorizationCodeGrant(rp, new URL(callback.location), {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
    });
  }

  /** A silent sign-in (prompt=none) in the browser: where the provider sends it back. */
  async function silently(browser: Browser) {
    const login = await startLogin(rp, t.baseUrl, { prompt: 'none' });
    const back = await browser.follow(await browser.open(login.url), `${t.baseUrl}/callback`);
    return new URL(back.location ?? back.url);
  }

  async function resetPassword(email: string, password: string, via = new Browser()) {
    const [mail] = await outbox(email, 'reset-password');
    const link = linkIn(mail!.text, '/oidc/account/reset-password');
    const form = await via.open(link);
    return via.open(formAction(form), {
      form: { token: new URL(link).searchParams.get('token')!, password },
    });
  }

  it('a reset by the owner ends every sign-in of the stranger who signed up first', async () => {
    // The stranger signs up with the owner's address and keeps a sign-in (the account is unverified).
    const squatter = new Browser();
    await signUp(squatter, OWNER, SQUATTER_PASSWORD);
    const tokens = await signIn(squatter, OWNER, SQUATTER_PASSWORD);
    expect(tokens.refresh_token).toBeTruthy();
    const order = await insertGuestOrder(t.database.db, OWNER);
    const ordersOf = (sub: unknown, token: string) =>
      t.request('GET', `/api/customers/${String(sub)}/orders`, undefined, bearer(token));
    const before = await ordersOf(tokens.claims()?.sub, tokens.access_token);
    expect(before.status).toBe(200);
    expect(JSON.stringify(before.body)).not.toContain(order.order_number);

    // The owner asks for a reset (told at sign-up only to check their email) and sets a password.
    await t.request('POST', '/api/identity/change-password', {
      email: OWNER,
      connection: 'password',
    });
    const saved = await resetPassword(OWNER, 'the owners own sunhat');
    expect(saved.text).toContain('Password changed');
    expect(saved.text).toContain('signed out');

    // Nothing the stranger holds works any more.
    const api = await ordersOf(tokens.claims()?.sub, tokens.access_token);
    expect(api.status).toBe(401);
    expect(api.body).toMatchObject({ code: 'invalid_token', message: SIGN_IN_ENDED });
    await expect(client.refreshTokenGrant(rp, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const silent = await silently(squatter);
    expect(silent.searchParams.get('error')).toBe('login_required');
    expect(silent.searchParams.get('code')).toBeNull();
    const oldPassword = await signInThroughPages(
      new Browser(),
      (await startLogin(rp, t.baseUrl)).url,
      t.baseUrl,
      {
        email: OWNER,
        password: SQUATTER_PASSWORD,
      },
    );
    expect(oldPassword.location ?? '').not.toContain('code=');

    // The owner signs in with the new password and sees their guest order.
    const owner = await signIn(new Browser(), OWNER, 'the owners own sunhat');
    const mine = await ordersOf(owner.claims()?.sub, owner.access_token);
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).toContain(order.order_number);
  });

  it('a sign-in whose password was checked before a reset and finished after it is refused', async () => {
    const account = await createAccount(t.database.db);
    const browser = new Browser();
    const login = await startLogin(rp, t.baseUrl);
    const page = await browser.follow(await browser.open(login.url));
    // The password is right when it is checked...
    const checked = await browser.open(formAction(page), {
      form: { email: account.email, password: TEST_PASSWORD },
    });
    expect(checked.status).toBe(303);
    // ...then the owner resets before this browser comes back for its code.
    await t.request('POST', '/api/identity/change-password', {
      email: account.email,
      connection: 'password',
    });
    await resetPassword(account.email, 'a fresher password 9');
    const back = await browser.follow(checked, `${t.baseUrl}/callback`);
    expect(back.location ?? '').not.toContain('code=');
  });

  it('the confirmation link asks for the password, so the owner cannot confirm a stranger', async () => {
    const email = 'casey.target@example.com';
    await signUp(new Browser(), email, SQUATTER_PASSWORD);
    const [mail] = await outbox(email, 'verify-email');
    const link = linkIn(mail!.text, '/oidc/account/verify-email');
    // The owner opens the link the stranger's sign-up sent them: a click confirms nothing.
    const owner = new Browser();
    const page = await owner.open(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Choose a new password');
    const guess = await owner.open(formAction(page), {
      form: { token: new URL(link).searchParams.get('token')!, password: 'the owner guesses' },
    });
    expect(guess.status).toBe(401);
    const account = await t.database.db
      .selectFrom('accounts')
      .select('email_verified')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account.email_verified).toBe(0);
  });

  it('answers sign-up with a taken address exactly as a new one, and emails its owner', async () => {
    const taken = await createAccount(t.database.db, { email: 'taken.addr@example.com' });
    const fresh = await signUp(new Browser(), 'fresh.addr@example.com', TEST_PASSWORD);
    const again = await signUp(new Browser(), taken.email, TEST_PASSWORD);
    // The same page, but for the address and the interaction's own id.
    const same = (text: string, email: string) =>
      text
        .replaceAll(email, 'EMAIL')
        .replace(/\/oidc\/interaction\/[\w-]+/g, '/oidc/interaction/UID');
    expect(again.status).toBe(fresh.status);
    expect(same(again.text, taken.email)).toBe(same(fresh.text, 'fresh.addr@example.com'));
    expect(await outbox(taken.email, 'verify-email')).toHaveLength(0);
    const [notice] = await outbox(taken.email, 'account-exists');
    expect(notice?.text).toContain('It already has an account');
    expect(notice?.text).toContain('/oidc/account/reset-password?token=');
    const accounts = await t.database.db
      .selectFrom('accounts')
      .select('password_hash')
      .where('email', '=', taken.email)
      .execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.password_hash).toBe(taken.password_hash);
  });

  it('never makes an unproven sign-in an operator, even with an ADMIN_EMAILS address', async () => {
    const squatter = new Browser();
    await signUp(squatter, ADMIN, SQUATTER_PASSWORD);
    const tokens = await signIn(squatter, ADMIN, SQUATTER_PASSWORD);
    const session = await t.request(
      'GET',
      '/api/admin/session',
      undefined,
      bearer(tokens.access_token),
    );
    expect(session.status).toBe(403);
    const refreshed = await client.refreshTokenGrant(rp, tokens.refresh_token!);
    // The operator proves the address; the stranger's token is over, the operator's works.
    await t.request('POST', '/api/identity/change-password', {
      email: ADMIN,
      connection: 'password',
    });
    await resetPassword(ADMIN, 'operators choose well');
    expect(
      (await t.request('GET', '/api/admin/session', undefined, bearer(refreshed.access_token)))
        .status,
    ).toBe(401);
    await expect(client.refreshTokenGrant(rp, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const operator = await signIn(new Browser(), ADMIN, 'operators choose well');
    expect(
      (await t.request('GET', '/api/admin/session', undefined, bearer(operator.access_token)))
        .status,
    ).toBe(200);

    // A revoke wins over ADMIN_EMAILS on the next request with the same token, until granted again.
    expect((await setOperatorRole(t.database.db, ADMIN, false)).ok).toBe(true);
    expect(
      (await t.request('GET', '/api/admin/session', undefined, bearer(operator.access_token)))
        .status,
    ).toBe(403);
    expect(
      (await t.request('GET', '/api/admin/session', undefined, bearer(operator.access_token)))
        .status,
    ).toBe(403);
    expect((await setOperatorRole(t.database.db, ADMIN, true)).ok).toBe(true);
    expect(
      (await t.request('GET', '/api/admin/session', undefined, bearer(operator.access_token)))
        .status,
    ).toBe(200);
  });

  it('refuses to grant the role to an address nobody has proven', async () => {
    const email = 'not.proven@example.com';
    const tokens = await signInForApi(
      t.baseUrl,
      (await createAccount(t.database.db, { email, verified: false })).email,
    );
    await t.request('GET', '/api/admin/session', undefined, bearer(tokens.access_token));
    const granted = await setOperatorRole(t.database.db, email, true);
    expect(granted).toMatchObject({ ok: false, code: 'not_verified' });
  });

  it("a stranger's wrong passwords slow the stranger, not the owner signing in elsewhere", async () => {
    const account = await createAccount(t.database.db);
    const stranger = new Browser();
    const page = await stranger.follow(await stranger.open((await startLogin(rp, t.baseUrl)).url));
    const tries = [];
    for (let i = 0; i < 8; i++) {
      tries.push(
        await stranger.open(formAction(page), {
          form: { email: account.email, password: `guess number ${i}` },
          headers: { 'x-forwarded-for': '203.0.113.7' },
        }),
      );
    }
    expect(tries.at(-1)!.status).toBe(429);
    const owner = new Browser();
    const login = await startLogin(rp, t.baseUrl);
    const ownPage = await owner.follow(await owner.open(login.url));
    const mine = await owner.open(formAction(ownPage), {
      form: { email: account.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.20' },
    });
    expect(mine.status).toBe(303);
    const still = await stranger.open(formAction(page), {
      form: { email: account.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(still.status).toBe(429);
  });
});
