/**
 * Verified reviews over real HTTP on every test database (issue 29 item 1, docs/decisions/048): the
 * carrier's delivery queues one invitation email after the delay, whose link lets the buyer review
 * each design once; bad input is refused naming the field and writes nothing; a signed-in buyer
 * reviews from the account; anyone else is refused; the operator's queue, publish, reply and hide;
 * the design's reviews with "verified" and the average.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { JOB_WAIT, jobsLeft } from '../../lib/jobs/testing/job-test-kit.ts';
import { placeOrder } from '../checkout/checkout.factories.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { recordDelivery } from '../orders/orders.api.ts';
import { deliveredOrder } from '../returns/returns.factories.ts';
import { orderRow } from '../orders/orders.factories.ts';
import {
  carrierDeliveredOrder,
  invitationToken,
  reviewByLink,
  reviewInput,
  storedReview,
} from './reviews.factories.ts';

const INVITE_DELAY_MS = 300;

/** The JSON of an answer, as these tests read it. */
type Answer = { body: unknown };
const failure = (res: Answer) =>
  res.body as { code: string; message: string; fields: Record<string, string> };
const created = (res: Answer) => res.body as { id: string; status: string };
const reviewable = (res: Answer) =>
  res.body as { designs: { design: string; reviewed: boolean }[] };
const consoleList = (res: Answer) =>
  res.body as { reviews: { id: string; design: string; status: string }[] };

describe.each(DATABASE_KINDS)('verified reviews on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  beforeAll(async () => {
    t = await createTestApp(kind, { reviews: { inviteDelayMs: INVITE_DELAY_MS } });
    operator = await operatorToken(t);
  });
  afterAll(async () => t?.close());

  const reviewCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('reviews')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('the delivery invites the buyer once, after the delay; the link reviews each design once', async () => {
    const started = Date.now();
    const { orderId, order, deliver } = await carrierDeliveredOrder(t);
    const token = await vi.waitFor(async () => {
      const found = await invitationToken(t, orderId);
      if (!found) throw new Error('no invitation yet');
      return found;
    }, JOB_WAIT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(INVITE_DELAY_MS);
    // A second delivery scan of the same parcel invites no one again: nothing more is queued.
    await deliver();
    await expect.poll(() => jobsLeft(t.app.jobs, 'reviews.invite'), JOB_WAIT).toBe(0);
    const invitations = await t.database.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject'])
      .where('kind', '=', 'review-invitation')
      .where('order_id', '=', orderId)
      .execute();
    expect(invitations).toEqual([
      { to_address: 'jamie@example.com', subject: 'How do your Sunward shirts fit?' },
    ]);

    const reviewable = await t.request(
      'GET',
      `/api/reviews/order?token=${encodeURIComponent(token)}`,
    );
    expect(reviewable.status, reviewable.text).toBe(200);
    expect(reviewable.body).toEqual({
      orderNumber: order.orderNumber,
      designs: [{ design: 'alaska', sizes: ['mdr'], reviewed: false }],
    });

    const before = await reviewCount();
    // Bad input: refused naming the field, nothing written.
    for (const [change, field, status] of [
      [{ stars: 6 }, 'stars', 422],
      [{ stars: 0 }, 'stars', 422],
      [{ body: 'x'.repeat(2001) }, 'body', 422],
      [{ fit: 'snug' }, 'fit', 422],
      [{ design: 'zion' }, 'design', 422],
      [{ size: 'xss' }, 'size', 422],
    ] as const) {
      const bad = await reviewByLink(t, token, reviewInput(change));
      expect(bad.status, bad.text).toBe(status);
      expect(Object.keys(failure(bad).fields)).toEqual([field]);
    }
    const control = await reviewByLink(t, token, reviewInput({ title: 'Nice\u0007' }));
    expect(control.status).toBe(400);
    expect(failure(control).message).toContain('Title contains characters that are not allowed');
    expect(await reviewCount()).toBe(before);

    // A forged or altered link proves nothing.
    const forged = await reviewByLink(t, `${token.slice(0, -2)}xx`, reviewInput());
    expect(forged.status).toBe(403);
    expect(failure(forged).code).toBe('invalid_link');

    const made = await reviewByLink(t, token, reviewInput());
    expect(made.status, made.text).toBe(201);
    expect(created(made).status).toBe('new');
    const again = await reviewByLink(t, token, reviewInput({ stars: 1 }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'already_reviewed',
      fields: { design: expect.any(String) },
    });
    expect(await reviewCount()).toBe(before + 1);
    const stored = await t.database.db
      .selectFrom('reviews')
      .selectAll()
      .where('id', '=', created(made).id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      stars: 5,
      body: 'Wore it all day in the sun.\nNo burn.',
      status: 'new',
    });
  });

  it('an order shipped and completed by hand invites its buyer once; a late carrier scan adds none', async () => {
    const { order } = await placeOrder(t, { email: 'by-hand@example.com' });
    const tracking = `9400${Date.now()}`;
    const status = (body: object) =>
      t.request(
        'PATCH',
        '/api/orders/status',
        { orderNumber: order.orderNumber, ...body },
        operator.headers,
      );
    expect((await status({ status: 'in-progress' })).status).toBe(200);
    expect((await status({ status: 'shipped', carrier: 'usps', tracking })).status).toBe(200);
    expect((await status({ status: 'completed' })).status).toBe(200);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['id', 'delivered_at'])
      .where('order_number', '=', order.orderNumber)
      .executeTakeFirstOrThrow();
    // The delivery date stays the carrier's to give.
    expect(row.delivered_at).toBeNull();
    await vi.waitFor(async () => {
      if (!(await invitationToken(t, row.id))) throw new Error('no invitation yet');
    }, JOB_WAIT);
    // The carrier's scan comes late: it records the date, and invites no one again.
    await t.database.db.transaction().execute((trx) =>
      recordDelivery(trx, {
        orderId: row.id,
        trackingNumber: tracking,
        deliveredAt: new Date().toISOString(),
        at: new Date().toISOString(),
      }),
    );
    await expect.poll(() => jobsLeft(t.app.jobs, 'reviews.invite'), JOB_WAIT).toBe(0);
    const invitations = await t.database.db
      .selectFrom('email_outbox')
      .select('to_address')
      .where('kind', '=', 'review-invitation')
      .where('order_id', '=', row.id)
      .execute();
    expect(invitations).toEqual([{ to_address: 'by-hand@example.com' }]);
  });

  it('the operator publishes, replies and hides; the design shows it verified with the average', async () => {
    const design = 'arizona';
    const cart = [
      {
        id: 'l1',
        productId: 'prod_sunward_upf50_shirt',
        itemId: 1,
        priceId: 'price_sunward_upf50_shirt_4500',
        quantity: 1,
        productCost: 4500,
        size: 'lgs' as const,
        position: 'Back' as const,
        design,
      },
    ];
    const ids: string[] = [];
    for (const stars of [5, 4]) {
      const { orderId } = await carrierDeliveredOrder(t, { cart });
      const token = await vi.waitFor(async () => {
        const found = await invitationToken(t, orderId);
        if (!found) throw new Error('no invitation yet');
        return found;
      }, JOB_WAIT);
      const made = await reviewByLink(
        t,
        token,
        reviewInput({ design, size: 'lgs', stars, title: `<b>${stars} stars</b>` }),
      );
      expect(made.status, made.text).toBe(201);
      ids.push(created(made).id);
    }
    const shown = () => t.request('GET', `/api/reviews/design/${design}`);
    expect((await shown()).body).toMatchObject({ count: 0, average: null, reviews: [] });

    const queue = await t.request(
      'GET',
      '/api/admin/reviews?status=new',
      undefined,
      operator.headers,
    );
    expect(queue.status).toBe(200);
    const queued = consoleList(queue).reviews.filter((r) => r.design === design);
    expect(queued.map((r) => r.id)).toEqual(ids);
    expect(queued.every((r) => r.status === 'new')).toBe(true);
    expect(consoleList(queue).reviews[0]?.status).toBe('new');

    for (const id of ids) {
      const published = await t.request(
        'POST',
        `/api/admin/reviews/${id}/status`,
        { status: 'published' },
        operator.headers,
      );
      expect(published.status, published.text).toBe(200);
      expect(created(published).status).toBe('published');
    }
    const replied = await t.request(
      'POST',
      `/api/admin/reviews/${ids[1]}/reply`,
      { reply: 'Thank you, Rowan!' },
      operator.headers,
    );
    expect(replied.status, replied.text).toBe(200);

    const page = await shown();
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ design, count: 2, average: 4.5, sort: 'newest' });
    expect((page.body as { reviews: unknown[] }).reviews[0]).toMatchObject({
      id: ids[1],
      stars: 4,
      title: '<b>4 stars</b>',
      verified: true,
      firstName: 'Rowan',
      state: 'NC',
      reply: { text: 'Thank you, Rowan!' },
    });

    const hidden = await t.request(
      'POST',
      `/api/admin/reviews/${ids[1]}/status`,
      { status: 'hidden' },
      operator.headers,
    );
    expect(hidden.status).toBe(200);
    expect((await shown()).body).toMatchObject({ count: 1, average: 5 });
    const actions = await t.database.db
      .selectFrom('operator_actions')
      .select('action')
      .where('target_id', 'in', ids)
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual([
      'review.hide',
      'review.publish',
      'review.publish',
      'review.reply',
    ]);
    const missing = await t.request(
      'POST',
      '/api/admin/reviews/rv_nope/status',
      { status: 'published' },
      operator.headers,
    );
    expect(missing.status).toBe(404);
    const asShopper = await t.request(
      'GET',
      '/api/admin/reviews',
      undefined,
      (await customerToken(t)).headers,
    );
    expect(asShopper.status).toBe(403);
  });

  it('pages a design’s reviews 20 at a time, in the order asked, to the last', async () => {
    const design = 'grand-canyon';
    for (let i = 0; i < 25; i++) {
      const order = orderRow({ status: 'completed' });
      await t.database.db.insertInto('orders').values(order).execute();
      await storedReview(t, order.id, { design, stars: 1 + (i % 5) });
    }
    type Page = {
      offset: number;
      nextOffset: number | null;
      count: number;
      reviews: { id: string }[];
    };
    const page = async (query: string) => {
      const res = await t.request('GET', `/api/reviews/design/${design}${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body as Page;
    };
    for (const sort of ['newest', 'helpful']) {
      const first = await page(`?sort=${sort}`);
      expect(first).toMatchObject({ offset: 0, nextOffset: 20, count: 25 });
      expect(first.reviews).toHaveLength(20);
      const second = await page(`?sort=${sort}&offset=${first.nextOffset}`);
      expect(second).toMatchObject({ offset: 20, nextOffset: null, count: 25 });
      expect(second.reviews).toHaveLength(5);
      const ids = [...first.reviews, ...second.reviews].map((r) => r.id);
      expect(new Set(ids).size).toBe(25);
    }
    expect((await page('?offset=40')).reviews).toEqual([]);
    for (const bad of ['-1', '1.5', 'x', '1000001']) {
      const res = await t.request('GET', `/api/reviews/design/${design}?offset=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(failure(res).code).toBe('invalid_request');
    }
  });

  it('a signed-in buyer reviews a received order from the account; nobody else can', async () => {
    const buyer = await customerToken(t, 'Bea Buyer');
    const { order } = await deliveredOrder(t, { token: buyer.token, email: buyer.email });
    const asBuyer = (body: unknown, headers: Record<string, string> = buyer.headers) =>
      t.request('POST', '/api/reviews', body, headers);

    const listed = await t.request(
      'GET',
      `/api/reviews/order?orderNumber=${order.orderNumber}`,
      undefined,
      buyer.headers,
    );
    expect(listed.status, listed.text).toBe(200);
    expect(reviewable(listed).designs[0]).toMatchObject({ design: 'alaska', reviewed: false });

    const before = await reviewCount();
    // A shopper who never bought: the order is not theirs (404), without signing in 401.
    const stranger = await customerToken(t, 'Sam Stranger');
    const refused = await asBuyer(
      { orderNumber: order.orderNumber, review: reviewInput() },
      stranger.headers,
    );
    expect(refused.status).toBe(404);
    const anonymous = await asBuyer({ orderNumber: order.orderNumber, review: reviewInput() }, {});
    expect(anonymous.status).toBe(401);
    const noProof = await asBuyer({ review: reviewInput() }, {});
    expect(noProof.status).toBe(401);
    expect(await reviewCount()).toBe(before);

    const made = await asBuyer({
      orderNumber: order.orderNumber,
      review: reviewInput({ firstName: null, state: null }),
    });
    expect(made.status, made.text).toBe(201);
    const after = await t.request(
      'GET',
      `/api/reviews/order?orderNumber=${order.orderNumber}`,
      undefined,
      buyer.headers,
    );
    expect(reviewable(after).designs[0]?.reviewed).toBe(true);

    // An order not delivered yet cannot be reviewed.
    const { order: pending } = await placeOrder(t, { token: buyer.token, email: buyer.email });
    const early = await asBuyer({ orderNumber: pending.orderNumber, review: reviewInput() });
    expect(early.status).toBe(422);
    expect(failure(early).code).toBe('not_received');
  });

  it('exports a buyer’s reviews and erases their words, keeping the stars', async () => {
    const buyer = await customerToken(t, 'Erin Eraser');
    const { order } = await deliveredOrder(t, { token: buyer.token, email: buyer.email });
    const made = await t.request(
      'POST',
      '/api/reviews',
      { orderNumber: order.orderNumber, review: reviewInput({ firstName: 'Erin', stars: 3 }) },
      buyer.headers,
    );
    expect(made.status).toBe(201);
    const exported = await t.request(
      'GET',
      `/api/admin/customers/${buyer.customerId}/export`,
      undefined,
      operator.headers,
    );
    expect(exported.status, exported.text).toBe(200);
    expect((exported.body as { reviews: unknown[] }).reviews).toEqual([
      expect.objectContaining({
        design: 'alaska',
        stars: 3,
        firstName: 'Erin',
        text: expect.any(String),
      }),
    ]);
    const erased = await t.request(
      'POST',
      `/api/admin/customers/${buyer.customerId}/erase`,
      { confirmEmail: buyer.email },
      operator.headers,
    );
    expect(erased.status, erased.text).toBe(200);
    const kept = await t.database.db
      .selectFrom('reviews')
      .select(['stars', 'fit', 'first_name', 'state', 'title', 'body', 'customer_id'])
      .where('id', '=', created(made).id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({
      stars: 3,
      fit: 'true-to-size',
      first_name: null,
      state: null,
      title: null,
      body: null,
      customer_id: null,
    });
  });
});
