/**
 * Back in stock end to end (decision 050), on each database: a shopper waiting for XXL on a size shown
 * out of stock gets exactly one email through a real SMTP server (smtp-server) when an operator
 * switches it back on sale (the job recorded in the operator's transaction), with the link to the
 * design and the one-click unsubscribe (RFC 8058); the unsubscribe stops the next. Bad input gets a
 * clear message and records nothing; operators read the waiting counts, most-wanted first.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { FAST_JOBS, JOB_WAIT, jobsLeft } from '../../lib/jobs/testing/job-test-kit.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { consoleAs, setShirtStock } from '../catalog/admin-catalog.factories.ts';
import { cartLine, placeOrder } from '../checkout/checkout.factories.ts';
import { customerToken } from '../operators/operators.factories.ts';
import { consoleCalls, detailOf, returnedOrder } from '../returns/admin-returns.factories.ts';
import { startTestSmtp, type TestSmtp } from '../email/test-smtp.test-helpers.ts';
import type { Erasure, Person } from '../../lib/personal-data.ts';
import { BACK_IN_STOCK_JOB } from './back-in-stock-job.ts';
import { backInStockPersonalData } from './back-in-stock-personal-data.ts';

const SIZE_URL = `/api/admin/catalog/products/${SHIRT_PRODUCT_ID}/sizes`;

describe.each(DATABASE_KINDS)('back in stock on %s', (kind) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let as: Awaited<ReturnType<typeof consoleAs>>;
  const db = () => t.database.db;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(kind, {}, { SMTP_URL: smtp.url }, false, FAST_JOBS);
    as = await consoleAs(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await db().updateTable('inventory').set({ stock: null, out_of_stock: 0 }).execute();
    await db().deleteFrom('back_in_stock_requests').execute();
  });

  const ask = (body: object) => t.request('POST', '/api/back-in-stock', body);
  const request = (email: string, size = 'xxlr', design = 'alaska') =>
    ask({ email, productId: SHIRT_PRODUCT_ID, design, size });
  const switchSize = async (size: string, outOfStock: boolean) => {
    const { version } = await db()
      .selectFrom('inventory')
      .select('version')
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', size)
      .executeTakeFirstOrThrow();
    const res = await t.request(
      'PATCH',
      `${SIZE_URL}/${size}`,
      { version, outOfStock },
      as.operator,
    );
    expect(res.status).toBe(200);
  };
  const settle = async () => {
    await expect.poll(() => jobsLeft(t.app.jobs, BACK_IN_STOCK_JOB), JOB_WAIT).toBe(0);
    await t.app.mailer.drain();
  };
  const waiting = () => db().selectFrom('back_in_stock_requests').selectAll().execute();

  it('one email when XXL is back on sale; the unsubscribe stops the next', async () => {
    await switchSize('xxlr', true);
    await switchSize('xlr', true);
    expect(await request('Waiting@Example.com')).toMatchObject({
      status: 200,
      body: {
        message: 'We will email waiting@example.com once when XXL - Regular is back in stock.',
      },
    });
    // Asking twice keeps one request; someone else waits for XL of another design.
    expect((await request('waiting@example.com')).status).toBe(200);
    expect((await request('waiting@example.com', 'xlr', 'key-west')).status).toBe(200);
    expect((await request('other@example.com', 'xlr', 'key-west')).status).toBe(200);
    expect(await waiting()).toHaveLength(3);

    // Operators see who waits, most-wanted first.
    const counts = await t.request('GET', '/api/admin/back-in-stock', undefined, as.operator);
    expect(counts.body).toEqual({
      waiting: [
        expect.objectContaining({
          designName: 'key-west',
          size: 'xlr',
          label: 'XL - Regular',
          waiting: 2,
        }),
        expect.objectContaining({ designName: 'alaska', size: 'xxlr', waiting: 1 }),
      ],
    });
    expect(
      (await t.request('GET', '/api/admin/back-in-stock', undefined, as.customer)).status,
    ).toBe(403);

    const before = smtp.messages.length;
    await switchSize('xxlr', false);
    await settle();
    const sent = smtp.messages.slice(before);
    expect(sent.map((m) => m.to)).toEqual([['waiting@example.com']]);
    const raw = sent[0]!.raw.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '');
    expect(raw).toContain('Subject: Alaska in XXL - Regular is back in stock');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const unsubscribe = /^List-Unsubscribe: +<([^>]+)>/m.exec(raw)?.[1];
    const site = t.app.config.siteUrl;
    expect(unsubscribe).toMatch(new RegExp(`^${site}/unsubscribe\\?token=`));
    const mail = await db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('kind', '=', 'back-in-stock')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ status: 'sent', list_unsubscribe: unsubscribe });
    expect(mail.text).toContain(`Or open this link: ${site}/designs/alaska`);
    expect(mail.text).toContain('600 S Tryon St, Charlotte, NC 28202');
    expect(mail.text).toContain(`Unsubscribe <${unsubscribe!}>`);
    // The request is consumed: taking XXL off and on again sends nothing more.
    expect((await waiting()).map((r) => r.size)).toEqual(['xlr', 'xlr']);
    await switchSize('xxlr', true);
    await switchSize('xxlr', false);
    await settle();
    expect(smtp.messages.length).toBe(before + 1);

    // The one-click unsubscribe (RFC 8058): the XL request of that address gets no email.
    const oneClick = await fetch(unsubscribe!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    await switchSize('xlr', false);
    await settle();
    expect(smtp.messages.slice(before + 1).map((m) => m.to)).toEqual([['other@example.com']]);
    expect(await waiting()).toEqual([]);
  });

  it('a change that does not bring a size back sends nothing; a size off again keeps its requests', async () => {
    await switchSize('mdr', true);
    expect((await request('keep@example.com', 'mdr')).status).toBe(200);
    // Counting stock while still switched off: still out of stock, no job.
    const row = await db()
      .selectFrom('inventory')
      .select('version')
      .where('size', '=', 'mdr')
      .executeTakeFirstOrThrow();
    const counted = await t.request(
      'PATCH',
      `${SIZE_URL}/mdr`,
      { version: row.version, stock: 5 },
      as.operator,
    );
    expect(counted.status).toBe(200);
    await settle();
    expect(await waiting()).toHaveLength(1);
    const jobs = await t.app.jobs.counts();
    expect(jobs[BACK_IN_STOCK_JOB]?.queued ?? 0).toBe(0);
  });

  it('the last of a size given back by a cancelled order, or by a received return, brings it back: one email each', async () => {
    // A buyer takes the one XXL left: sold out; a shopper waits for it; the buyer cancels.
    await setShirtStock(db(), 'xxlr', 1);
    const buyer = await customerToken(t, 'Bea Buyer');
    const { order } = await placeOrder(t, {
      token: buyer.token,
      email: buyer.email,
      cart: [cartLine({ size: 'xxlr', quantity: 1 })],
    });
    expect((await request('after-cancel@example.com')).status).toBe(200);
    // The buyers' own order emails aside.
    const start = smtp.messages.length;
    const told = () =>
      smtp.messages
        .slice(start)
        .filter((m) => /^Subject: .* is back in stock/m.test(m.raw.replace(/\r?\n[ \t]+/g, ' ')))
        .map((m) => m.to);
    const cancelled = await t.request(
      'POST',
      '/api/orders/cancel',
      { orderNumber: order.orderNumber },
      buyer.headers,
    );
    expect(cancelled.status).toBe(200);
    await settle();
    expect(told()).toEqual([['after-cancel@example.com']]);

    // A returned unit restocked into a sold-out size (the parcel received) does the same, once.
    await setShirtStock(db(), 'xlr', 1);
    const { returnId } = await returnedOrder(t, { size: 'xlr', quantity: 1 });
    expect((await request('after-return@example.com', 'xlr')).status).toBe(200);
    const ops = consoleCalls(t, as.operator);
    detailOf(await ops.receive(returnId, [{ itemId: 0, restock: true }]));
    detailOf(await ops.receive(returnId, [{ itemId: 0, restock: true }]));
    await settle();
    expect(told()).toEqual([['after-cancel@example.com'], ['after-return@example.com']]);
    // Stock given back to a size that was not sold out wakes nobody: the requests stay.
    await switchSize('lgr', true);
    expect((await request('still-waiting@example.com', 'lgr')).status).toBe(200);
    await setShirtStock(db(), 'mdr', 3);
    const other = await placeOrder(t, {
      token: buyer.token,
      email: buyer.email,
      cart: [cartLine({ size: 'mdr', quantity: 1 })],
    });
    const again = await t.request(
      'POST',
      '/api/orders/cancel',
      { orderNumber: other.order.orderNumber },
      buyer.headers,
    );
    expect(again.status).toBe(200);
    await settle();
    expect(told()).toHaveLength(2);
    expect((await waiting()).map((r) => r.email)).toEqual(['still-waiting@example.com']);
  });

  it('refuses bad input with a clear message and records nothing', async () => {
    await switchSize('xxlr', true);
    const cases: [object, number, RegExp][] = [
      [
        { email: 'nope', productId: SHIRT_PRODUCT_ID, design: 'alaska', size: 'xxlr' },
        400,
        /email address/,
      ],
      [
        { email: 'a@example.com', productId: SHIRT_PRODUCT_ID, design: 'atlantis', size: 'xxlr' },
        400,
        /design/,
      ],
      [
        { email: 'a@example.com', productId: SHIRT_PRODUCT_ID, design: 'alaska', size: 'huge' },
        400,
        /size/,
      ],
      [
        { email: 'a@example.com', productId: 'prod_nope', design: 'alaska', size: 'xxlr' },
        404,
        /No shirt/,
      ],
      [
        { email: 'a@example.com', productId: SHIRT_PRODUCT_ID, design: 'alaska', size: 'mdr' },
        409,
        /MD - Regular is in stock now/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((res.body as { message: string }).message).toMatch(message);
    }
    await db().updateTable('designs').set({ active: 0 }).where('name', '=', 'key-west').execute();
    t.app.catalogCache.invalidate();
    const off = await request('a@example.com', 'xxlr', 'key-west');
    expect(off.status).toBe(404);
    await db().updateTable('designs').set({ active: 1 }).where('name', '=', 'key-west').execute();
    t.app.catalogCache.invalidate();
    expect(await waiting()).toEqual([]);
  });

  it('exports and erases the requests of the person’s proved addresses', async () => {
    await switchSize('xxlr', true);
    expect((await request('person@example.com')).status).toBe(200);
    expect((await request('stranger@example.com')).status).toBe(200);
    expect(t.app.personalData.tables).toContain('back_in_stock_requests');
    const person = { verifiedEmails: ['person@example.com'] } as Person;
    const found = await backInStockPersonalData.locate(db(), person);
    expect(await backInStockPersonalData.export!(db(), found, {})).toEqual({
      backInStockRequests: [
        {
          email: 'person@example.com',
          design: 'alaska',
          size: 'xxlr',
          requestedAt: expect.any(String),
        },
      ],
    });
    const erased = await db()
      .transaction()
      .execute((trx) => backInStockPersonalData.erase!(trx, found, {} as Erasure));
    expect(erased).toEqual({ backInStockRequests: 1 });
    expect((await waiting()).map((r) => r.email)).toEqual(['stranger@example.com']);
  });
});
