/**
 * Fit advice over real HTTP on every test database (issue 29 item 2, docs/decisions/049): from the
 * published reviews' fit answers and the returns' reasons of a design and size, said only from 5 of
 * each; new and hidden reviews do not count; another design has none; the shop-wide advice sums them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FitAdviceList } from '@sunward/core/review-schemas';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { deliveredOrder, refund, returnBody, submitReturn } from '../returns/returns.factories.ts';
import { storedReview } from './reviews.factories.ts';

describe.each(DATABASE_KINDS)('fit advice on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const adviceOf = async (query: string, size: string) => {
    const res = await t.request('GET', `/api/fit-advice${query}`);
    expect(res.status, res.text).toBe(200);
    return (res.body as FitAdviceList).sizes.find((s) => s.size === size)!;
  };

  it('speaks from 5 answers and 5 returns with a clear majority, and not before', async () => {
    // Two delivered orders of 3 Alaska MD - Regular each, every unit returned "too tight".
    for (let i = 0; i < 2; i++) {
      const { order } = await deliveredOrder(t);
      const sent = await submitReturn(
        t,
        returnBody(
          order,
          { 0: refund('too-tight'), 1: refund('too-tight'), 2: refund('too-tight') },
          {
            email: 'jamie@example.com',
          },
        ),
      );
      expect(sent.status, sent.text).toBe(200);
    }
    // Four published "true to size" answers, one new and one hidden "runs small".
    const orders = [];
    for (let i = 0; i < 7; i++) orders.push((await deliveredOrder(t)).orderId);
    for (const orderId of orders.slice(0, 4)) await storedReview(t, orderId);
    await storedReview(t, orders[4]!, { fit: 'runs-small', status: 'new' });
    await storedReview(t, orders[5]!, { fit: 'runs-small', status: 'hidden' });

    const four = await adviceOf('?design=alaska', 'mdr');
    expect(four.fit).toBeNull();
    expect(four.returns).toEqual({ value: 'too-tight', count: 6, of: 6 });
    expect(four.text).toBe("Returns of MD Regular for this size are mostly 'too tight'.");

    await storedReview(t, orders[6]!);
    const five = await adviceOf('?design=alaska', 'mdr');
    expect(five.fit).toEqual({ value: 'true-to-size', count: 5, of: 5 });
    expect(five.text).toBe(
      "Most buyers of MD Regular say it runs true to size; returns for this size are mostly 'too tight'.",
    );

    // Another size and another design: nothing to say.
    expect((await adviceOf('?design=alaska', 'lgr')).text).toBeNull();
    expect((await adviceOf('?design=arizona', 'mdr')).text).toBeNull();
    // The shop's, over every design (the size guide).
    expect((await adviceOf('', 'mdr')).text).toBe(five.text);
    const bad = await t.request('GET', '/api/fit-advice?design=nope');
    expect(bad.status).toBe(400);
  });
});
