/** SMTP delivery of the outbox, tested against an in-process SMTP server (smtp-server). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { pay, readyCheckout } from '../checkout/checkout.factories.ts';
import { queueEmail } from './email.service.ts';
import { startTestSmtp, type TestSmtp } from './test-smtp.test-helpers.ts';

describe('order confirmation over SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let received: TestSmtp['messages'];

  beforeAll(async () => {
    smtp = await startTestSmtp();
    received = smtp.messages;
    t = await createTestApp('sqlite', {}, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the confirmation once, HTML and text, and marks it sent', async () => {
    expect(t.app.mailer.mode).toBe('smtp');
    const c = await readyCheckout(t, { email: 'buyer@example.com' });
    await pay(t, c);
    const res = await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    const { orderNumber } = res.body as { orderNumber: string };
    await t.app.sandboxWebhooks.drain();
    await t.app.mailer.drain();
    await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    await t.app.mailer.drain();

    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['buyer@example.com']);
    expect(received[0]!.from).toBe('orders@sunward.com');
    expect(received[0]!.raw).toContain(`Subject: Sunward order ${orderNumber} confirmed`);
    expect(received[0]!.raw).toContain('text/plain');
    expect(received[0]!.raw).toContain('text/html');
    const row = await t.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', 'buyer@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends an email with its Reply-To (a support reply is answered to the support address)', async () => {
    await queueEmail(t.database.db, {
      kind: 'support-reply',
      to: 'asker@example.com',
      subject: 'A reply',
      html: '<p>Hi</p>',
      text: 'Hi',
      replyTo: 'help@sunward.com',
      dedupeKey: 'reply-to-test',
    });
    await t.app.mailer.flush();
    const mail = received.find((r) => r.to.includes('asker@example.com'));
    expect(mail?.raw).toContain('Reply-To: help@sunward.com');
  });

  it('keeps a mail queued after a failed attempt and sends it on the next pass', async () => {
    smtp.refuseNext(1);
    const c = await readyCheckout(t, { email: 'retry@example.com' });
    await pay(t, c);
    await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    await t.app.sandboxWebhooks.drain();
    await t.app.mailer.drain();
    const row = () =>
      t.database.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('to_address', '=', 'retry@example.com')
        .executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await row()).last_error).toMatch(/try again/);
    expect(await t.app.mailer.flush()).toBe(1);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received.filter((r) => r.to.includes('retry@example.com'))).toHaveLength(1);
  });
});
