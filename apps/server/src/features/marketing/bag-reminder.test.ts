/**
 * The bag reminder end to end (decision 044): a checkout left with an email and the box ticked gets one
 * reminder through a real SMTP server (smtp-server), with the postal address, the link back to the bag
 * and the one-click unsubscribe headers (RFC 8058); the unsubscribe, followed, stops the next one; a
 * checkout without consent gets none. On each database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import { readyCheckout } from '../checkout/checkout.factories.ts';
import { startTestSmtp, type TestSmtp } from '../email/test-smtp.test-helpers.ts';
import { sweepBagReminders } from './bag-reminder-job.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(DATABASE_KINDS)('the bag reminder on %s', (kind) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let received: TestSmtp['messages'];

  beforeAll(async () => {
    smtp = await startTestSmtp();
    received = smtp.messages;
    t = await createTestApp(kind, {}, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const sweep = (at: number) =>
    sweepBagReminders({ db: t.database.db, siteUrl: t.baseUrl, now: () => at });
  const checkoutOf = (email: string) =>
    t.database.db
      .selectFrom('checkouts')
      .selectAll()
      .where('email', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();

  it('one reminder with consent, none without; the unsubscribe stops the next one', async () => {
    const start = Date.now();
    await readyCheckout(t, { email: 'leaver@example.com', reminderConsent: true });
    await readyCheckout(t, { email: 'no-consent@example.com' });
    const consented = await checkoutOf('leaver@example.com');
    expect(consented.reminder_consent_at).not.toBeNull();
    expect(consented.reminder_consent_source).toBe('checkout');
    expect((await checkoutOf('no-consent@example.com')).reminder_consent_at).toBeNull();

    // Before the delay (60 minutes by default): nothing.
    expect(await sweep(start + 30 * 60_000)).toBe(0);
    // After it: the one reminder, once, however often the sweep runs.
    expect(await sweep(start + 2 * HOUR)).toBe(1);
    expect(await sweep(start + 3 * HOUR)).toBe(0);
    await t.app.mailer.drain();
    expect(received.map((m) => m.to)).toEqual([['leaver@example.com']]);
    // Headers unfolded (RFC 5322), quoted-printable soft breaks joined.
    const raw = received[0]!.raw.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '');
    expect(raw).toContain('Subject: Your Sunward bag is waiting');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const unsubscribe = /^List-Unsubscribe: +<([^>]+)>/m.exec(raw)?.[1];
    expect(unsubscribe).toMatch(new RegExp(`^${t.baseUrl}/unsubscribe\\?token=`));
    expect(raw).toContain('600 S Tryon St, Charlotte, NC 28202');
    const mail = await t.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('kind', '=', 'bag-reminder')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ status: 'sent', list_unsubscribe: unsubscribe });
    expect(mail.text).toContain('Unsubscribe <' + unsubscribe! + '>');
    const bagLink = new RegExp(`${t.baseUrl}/bag\\?restore=([\\w%.-]+)`).exec(mail.text)?.[1];
    expect(bagLink).toBeDefined();
    expect((await checkoutOf('leaver@example.com')).reminded_at).not.toBeNull();

    // The link back answers the bag's shirts.
    const bag = await t.request('GET', `/api/bag-restore?token=${bagLink!}`);
    expect(bag.status).toBe(200);
    expect((bag.body as { lines: unknown[] }).lines).toEqual([
      expect.objectContaining({ quantity: expect.any(Number), design: expect.any(String) }),
    ]);
    expect((await t.request('GET', '/api/bag-restore?token=forged.token')).status).toBe(400);

    // The mail client's one-click unsubscribe (RFC 8058), honoured at once.
    const oneClick = await fetch(unsubscribe!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);

    // A week later the same shopper leaves another checkout, box ticked: no reminder.
    await readyCheckout(t, { email: 'leaver@example.com', reminderConsent: true });
    const later = (await checkoutOf('leaver@example.com')).updated_at;
    expect(await sweep(Date.parse(later) + 8 * DAY)).toBe(0);
    await t.app.mailer.drain();
    expect(received).toHaveLength(1);
    const stored = await t.database.db
      .selectFrom('marketing_unsubscribes')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: 'leaver@example.com', source: 'one-click' });
  });

  it('at most one a week to an address, however it was typed', async () => {
    await readyCheckout(t, { email: 'Weekly.Shopper@Example.com', reminderConsent: true });
    const first = Date.parse((await checkoutOf('Weekly.Shopper@Example.com')).updated_at);
    expect(await sweep(first + 2 * HOUR)).toBe(1);
    // Two days later, typed in lower case this time, another bag left: not reminded in that week.
    await readyCheckout(t, { email: 'weekly.shopper@example.com', reminderConsent: true });
    const second = await checkoutOf('weekly.shopper@example.com');
    expect(await sweep(first + 2 * DAY)).toBe(0);
    expect((await checkoutOf('weekly.shopper@example.com')).reminded_at).toBeNull();
    // A week after the first reminder, the second bag's reminder goes.
    expect(await sweep(first + 2 * HOUR + 7 * DAY + 60_000)).toBe(1);
    expect((await checkoutOf('weekly.shopper@example.com')).id).toBe(second.id);
    expect((await checkoutOf('weekly.shopper@example.com')).reminded_at).not.toBeNull();
  });

  it("the page's button unsubscribes; a forged token is refused", async () => {
    const forged = await t.request('POST', '/api/unsubscribe', { token: 'bWVAZXhhbXBsZS5jb20.x' });
    expect(forged.status).toBe(400);
    expect((await fetch(`${t.baseUrl}/unsubscribe?token=nope`, { method: 'POST' })).status).toBe(
      400,
    );
  });
});
