/**
 * The spec's user and customer calls over real HTTP on every test database: each for the token's own
 * user only; customers keyed by issuer + subject and linked by verified email (a passwordless identity,
 * a second identity of one email, an unverified one); guest orders claimed once the email is verified.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createAccount } from '../identity/identity.test-helpers.ts';
import { insertGuestOrder, mintToken, signInForApi } from './customers.factories.ts';

describe.each(DATABASE_KINDS)('user and customer calls (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['boss@example.com'] });
  });
  afterAll(async () => t?.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  /** A token of the built-in issuer for `sub` with these email claims (minted with its own key). */
  const tokenFor = (sub: string, email: string, verified = true, name?: string) =>
    mintToken(t.database.db, t.baseUrl, {
      claims: { sub, email, email_verified: verified, name: name ?? 'Pat Shopper' },
    });
  const customer = async (token: string, userId: string) =>
    t.request('GET', `/api/customers/${encodeURIComponent(userId)}`, undefined, auth(token));

  it('creates the customer on the first call and answers its record', async () => {
    const account = await createAccount(t.database.db, {
      email: 'first.shopper@example.com',
      name: 'First Shopper',
    });
    const { access_token } = await signInForApi(t.baseUrl, account.email);
    const res = await customer(access_token, account.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^cus_/),
      sub: account.id,
      name: 'First Shopper',
      email: 'first.shopper@example.com',
      email_verified: true,
      roles: [],
    });
    // The same customer every time, also by its customer id.
    const again = await customer(access_token, (res.body as { id: string }).id);
    expect(again.body).toEqual(res.body);
    const identities = await t.database.db
      .selectFrom('customer_identities')
      .selectAll()
      .where('subject', '=', account.id)
      .execute();
    expect(identities).toEqual([
      expect.objectContaining({ issuer: `${t.baseUrl}/oidc`, connection: 'password' }),
    ]);
  });

  it('user-by-email answers the user id for the own email only (any case)', async () => {
    const token = await tokenFor('acct_by_email', 'Lookup.Me@example.com');
    const own = await t.request(
      'GET',
      '/api/user/user-by-email/LOOKUP.me@example.com',
      undefined,
      auth(token),
    );
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ userId: 'acct_by_email' });
    const other = await t.request(
      'GET',
      '/api/user/user-by-email/first.shopper@example.com',
      undefined,
      auth(token),
    );
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'forbidden' });
    const nobody = await t.request(
      'GET',
      '/api/user/user-by-email/nobody@example.com',
      undefined,
      auth(token),
    );
    expect(nobody.status).toBe(403);
    expect(nobody.body).toEqual(other.body);
    const anonymous = await t.request('GET', '/api/user/user-by-email/lookup.me@example.com');
    expect(anonymous.status).toBe(401);
  });

  it('links a passwordless identity to the customer with its verified email (spec 4)', async () => {
    const primary = await tokenFor('acct_primary', 'link.me@example.com', true, 'Link Me');
    const record = (await customer(primary, 'acct_primary')).body as { id: string };

    const passwordless = await tokenFor('email|6651f3', 'LINK.me@example.com', true, '');
    const linked = await t.request(
      'POST',
      '/api/user/link-user',
      { passwordlessUserId: 'email|6651f3', email: 'link.me@example.com' },
      auth(passwordless),
    );
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({
      userId: 'acct_primary',
      customerId: record.id,
      claimedOrders: 0,
    });

    // Then resolved to the user id by email, and that id reads the one customer record.
    const byEmail = await t.request(
      'GET',
      '/api/user/user-by-email/link.me@example.com',
      undefined,
      auth(passwordless),
    );
    expect(byEmail.body).toEqual({ userId: 'acct_primary' });
    const viaPasswordless = await customer(passwordless, 'acct_primary');
    expect(viaPasswordless.status).toBe(200);
    expect(viaPasswordless.body).toMatchObject({
      id: record.id,
      sub: 'acct_primary',
      name: 'Link Me',
    });
    expect((await customer(passwordless, 'email|6651f3')).status).toBe(200);
    const connection = await t.database.db
      .selectFrom('customer_identities')
      .select('connection')
      .where('subject', '=', 'email|6651f3')
      .executeTakeFirstOrThrow();
    expect(connection.connection).toBe('email');
  });

  it("refuses to link someone else's identity or email, or an unverified email", async () => {
    const token = await tokenFor('email|aa01', 'mine@example.com');
    const link = (body: object, bearer = token) =>
      t.request('POST', '/api/user/link-user', body, auth(bearer));
    const otherId = await link({ passwordlessUserId: 'email|bb02', email: 'mine@example.com' });
    expect(otherId.status).toBe(403);
    expect(otherId.body).toMatchObject({ code: 'forbidden' });
    const otherEmail = await link({
      passwordlessUserId: 'email|aa01',
      email: 'link.me@example.com',
    });
    expect(otherEmail.status).toBe(403);
    const unverified = await tokenFor('email|cc03', 'unproven@example.com', false);
    const refused = await link(
      { passwordlessUserId: 'email|cc03', email: 'unproven@example.com' },
      unverified,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'email_not_verified' });
    const bad = await link({ passwordlessUserId: 'email|aa01' });
    expect(bad.status).toBe(400);
  });

  it('keeps an unverified identity apart, and joins it to the verified customer once verified', async () => {
    const owner = await tokenFor('acct_owner', 'shared@example.com');
    const ownerRecord = (await customer(owner, 'acct_owner')).body as { id: string };

    // Someone else claims the same address without proving it: a customer of their own.
    const unproven = await tokenFor('acct_claimant', 'shared@example.com', false);
    const apart = await customer(unproven, 'acct_claimant');
    expect(apart.status).toBe(200);
    expect(apart.body).toMatchObject({ email: 'shared@example.com', email_verified: false });
    expect((apart.body as { id: string }).id).not.toBe(ownerRecord.id);
    expect((await customer(unproven, 'acct_owner')).status).toBe(403);

    // Proven (e.g. the same person's second account, now verified): the one customer of that email.
    const proven = await tokenFor('acct_claimant', 'shared@example.com', true);
    const joined = await customer(proven, 'acct_owner');
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: ownerRecord.id, sub: 'acct_owner' });
    const verifiedOwners = await t.database.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'shared@example.com')
      .where('email_verified', '=', 1)
      .execute();
    expect(verifiedOwners).toEqual([{ id: ownerRecord.id }]);
  });

  it('links identities of one verified email racing their first calls to one customer', async () => {
    const tokens = await Promise.all(
      ['acct_race_1', 'acct_race_2', 'acct_race_3', 'acct_race_4'].map((sub) =>
        tokenFor(sub, 'race@example.com'),
      ),
    );
    const answers = await Promise.all(
      tokens.map((token, i) => customer(token, `acct_race_${i + 1}`)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => (a.body as { id: string }).id));
    expect(ids.size).toBe(1);
  });

  it('claims guest orders placed with the email once it is verified, and no others', async () => {
    const db = t.database.db;
    const mine = await insertGuestOrder(db, 'Guest.Buyer@Example.com');
    const mineToo = await insertGuestOrder(db, 'guest.buyer@example.com');
    const someoneElses = await insertGuestOrder(db, 'other.buyer@example.com');
    const owned = await insertGuestOrder(db, 'guest.buyer@example.com', {
      customer_id: (
        await db
          .selectFrom('customers')
          .select('id')
          .where('email', '=', 'first.shopper@example.com')
          .executeTakeFirstOrThrow()
      ).id,
    });
    const ownerOf = async (id: string) =>
      (
        await db
          .selectFrom('orders')
          .select(['customer_id', 'updated_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).customer_id;

    // Not yet verified: nothing claimed.
    const unverified = await tokenFor('acct_guest', 'guest.buyer@example.com', false);
    const before = await customer(unverified, 'acct_guest');
    expect(before.status).toBe(200);
    expect(await ownerOf(mine.id)).toBeNull();

    // Verified: linking claims both guest orders of that email, whatever its case.
    const verified = await tokenFor('acct_guest', 'guest.buyer@example.com', true);
    const linked = await t.request(
      'POST',
      '/api/user/link-user',
      { passwordlessUserId: 'acct_guest', email: 'guest.buyer@example.com' },
      auth(verified),
    );
    expect(linked.status).toBe(200);
    const customerId = (linked.body as { customerId: string }).customerId;
    expect(linked.body).toMatchObject({ claimedOrders: 2 });
    expect(await ownerOf(mine.id)).toBe(customerId);
    expect(await ownerOf(mineToo.id)).toBe(customerId);
    expect(await ownerOf(someoneElses.id)).toBeNull();
    expect(await ownerOf(owned.id)).toBe(owned.customer_id);
    // The return window is judged from updatedAt: a claim leaves it alone.
    const row = await db
      .selectFrom('orders')
      .select('updated_at')
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(mine.updated_at);

    // A guest order placed later with the same email is claimed at the next verified call.
    const later = await insertGuestOrder(db, 'GUEST.BUYER@example.com');
    expect((await customer(verified, 'acct_guest')).status).toBe(200);
    expect(await ownerOf(later.id)).toBe(customerId);
  });

  it('claims guest orders on the first verified request of a real sign-in', async () => {
    const account = await createAccount(t.database.db, { email: 'real.guest@example.com' });
    const order = await insertGuestOrder(t.database.db, 'Real.Guest@example.com');
    const { access_token } = await signInForApi(t.baseUrl, account.email);
    const res = await customer(access_token, account.id);
    expect(res.status).toBe(200);
    const row = await t.database.db
      .selectFrom('orders')
      .select('customer_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe((res.body as { id: string }).id);
  });

  it('gives the admin role to a verified email in ADMIN_EMAILS, never to an unverified one', async () => {
    const unverified = await tokenFor('acct_boss_unverified', 'boss@example.com', false);
    expect((await customer(unverified, 'acct_boss_unverified')).body).toMatchObject({ roles: [] });
    const boss = await tokenFor('acct_boss', 'Boss@example.com');
    expect((await customer(boss, 'acct_boss')).body).toMatchObject({
      email: 'boss@example.com',
      roles: ['admin'],
    });
  });
});
