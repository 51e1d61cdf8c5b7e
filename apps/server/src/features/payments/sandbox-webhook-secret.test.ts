/**
 * The sandbox's webhook signing secret is not in the source: without SANDBOX_WEBHOOK_SECRET the shop
 * generates one at random on its first start and keeps it in its database, so every process shares it
 * and nobody else can sign events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, attachApp, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { countRows, markPaidSilently, readyCheckout } from '../checkout/checkout.factories.ts';
import { signPayload } from './webhook-signature.ts';

/** The secret the sandbox had built in before it was generated per shop. */
const FORMER_BUILT_IN_SECRET = 'whsec_sandbox_local_only';
const PRODUCTION = { NODE_ENV: 'production' };

describe.each(DATABASE_KINDS)('sandbox webhook secret on %s', (kind) => {
  let t: TestApp;
  const others: TestApp[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, {}, PRODUCTION);
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await t?.close();
  });

  const webhook = (app: TestApp, secret: string, id: string, paymentIntentId: string) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: paymentIntentId, object: 'payment_intent' } },
    });
    const signature = signPayload(secret, payload, Math.floor(Date.now() / 1000));
    return app.request('POST', '/api/webhooks/payments', payload, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });
  };
  const storedSecrets = () =>
    t.database.db
      .selectFrom('app_secrets')
      .select(['name', 'value'])
      // The identity provider keeps its keys there too.
      .where('name', 'not like', 'oidc-%')
      .execute();

  it('refuses an event signed with the former built-in secret', async () => {
    const c = await readyCheckout(t);
    await markPaidSilently(t, c.paymentIntentId);
    const before = await countRows(t);
    const forged = await webhook(
      t,
      FORMER_BUILT_IN_SECRET,
      `evt_forged_${kind}`,
      c.paymentIntentId,
    );
    expect(forged.status).toBe(400);
    expect((forged.body as { message: string }).message).toMatch(/signature/);
    expect(await countRows(t)).toEqual(before);
  });

  it('generates one random secret per shop, kept in the database and shared by its processes', async () => {
    const secret = t.app.sandboxWebhooks.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await storedSecrets()).toEqual([{ name: 'sandbox-webhook-secret', value: secret }]);

    // A second process on the same database (and a restart) uses the same secret.
    const second = await attachApp(t.database, {}, PRODUCTION);
    others.push(second);
    expect(second.app.sandboxWebhooks.secret).toBe(secret);
    expect(await storedSecrets()).toHaveLength(1);

    // An event the sandbox signs in one process is accepted by the other.
    const c = await readyCheckout(t);
    await markPaidSilently(t, c.paymentIntentId);
    const res = await webhook(second, secret, `evt_shared_${kind}`, c.paymentIntentId);
    expect(res.body).toEqual({ received: true, outcome: 'order' });
  });

  it('uses SANDBOX_WEBHOOK_SECRET when it is set', async () => {
    const configured = await attachApp(
      t.database,
      {},
      {
        ...PRODUCTION,
        SANDBOX_WEBHOOK_SECRET: 'whsec_from_the_environment',
      },
    );
    others.push(configured);
    expect(configured.app.sandboxWebhooks.secret).toBe('whsec_from_the_environment');
    const c = await readyCheckout(configured);
    await markPaidSilently(configured, c.paymentIntentId);
    const generated = await webhook(
      configured,
      t.app.sandboxWebhooks.secret,
      `evt_env_${kind}`,
      c.paymentIntentId,
    );
    expect(generated.status).toBe(400);
    const res = await webhook(
      configured,
      'whsec_from_the_environment',
      `evt_env_${kind}`,
      c.paymentIntentId,
    );
    expect(res.body).toEqual({ received: true, outcome: 'order' });
  });
});
