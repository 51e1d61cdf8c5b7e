/**
 * The storefront's error reports in the console over real HTTP on every test database: reports sent
 * to /api/log-error are grouped by type, message and first stack frame (count in the period, first and
 * last seen, a sample), newest group first, paged; one group's reports; and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorGroupReports, ErrorGroups } from '@sunward/core/console-errors';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { errorFingerprint, topStackFrame } from '../../lib/error-fingerprint.ts';
import { newId } from '../../lib/ids.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';

const V8_STACK = [
  "TypeError: Cannot read properties of undefined (reading 'price')",
  '    at BagLine (https://shop.example.com/assets/bag-1a2b.js:1:2345)',
  '    at renderWithHooks (https://shop.example.com/assets/react-9f.js:1:100)',
].join('\n');
const MESSAGE = "Cannot read properties of undefined (reading 'price')";

describe('error fingerprints', () => {
  it.each([
    [V8_STACK, MESSAGE, 'at BagLine (https://shop.example.com/assets/bag-1a2b.js:1:2345)'],
    [
      'BagLine@https://shop.example.com/assets/bag.js:1:2\nrender@x.js:3:4',
      MESSAGE,
      'BagLine@https://shop.example.com/assets/bag.js:1:2',
    ],
    ['Error: boom', 'boom', ''],
    [null, 'boom', ''],
  ])('the first frame of %j', (stack, message, frame) => {
    expect(topStackFrame(stack, message)).toBe(frame);
  });

  it('one bug on two pages is one group; another frame or message is another', () => {
    const one = errorFingerprint({ type: 'TypeError', message: MESSAGE, stack: V8_STACK });
    expect(errorFingerprint({ type: 'TypeError', message: MESSAGE, stack: V8_STACK })).toBe(one);
    expect(errorFingerprint({ type: 'TypeError', message: 'other', stack: V8_STACK })).not.toBe(
      one,
    );
    expect(
      errorFingerprint({
        type: 'TypeError',
        message: MESSAGE,
        stack: V8_STACK.replace('2345', '9'),
      }),
    ).not.toBe(one);
  });
});

describe.each(DATABASE_KINDS)('console error reports on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  let customer: Person;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { TRUST_PROXY: '1' });
    operator = await operatorToken(t);
    customer = await customerToken(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const asOperator = (path: string) => t.request('GET', path, undefined, operator.headers);
  let client = 0;
  const report = (body: object, userAgent = 'Mozilla/5.0 Test') =>
    t.request('POST', '/api/log-error', body, {
      'user-agent': userAgent,
      'x-forwarded-for': `10.9.0.${++client}`,
    });
  /** A stored report `daysAgo` days back (older than the storefront could send now). */
  async function storedReport(daysAgo: number, message: string) {
    const row = {
      id: newId('err'),
      type: 'Error',
      message,
      stack: null,
      url: 'https://shop.example.com/bag',
      user_agent: 'Old Browser',
      request_id: null,
      created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
      fingerprint: errorFingerprint({ type: 'Error', message, stack: null }),
    };
    await db().insertInto('client_errors').values(row).execute();
    return row;
  }

  it('answers 401 without a token and 403 to a customer', async () => {
    for (const path of ['/api/admin/errors', '/api/admin/errors/abc']) {
      expect((await t.request('GET', path)).status).toBe(401);
      expect((await t.request('GET', path, undefined, customer.headers)).status).toBe(403);
    }
  });

  it('groups the reports, newest group first, with counts, dates and a sample', async () => {
    const old = await storedReport(20, 'Checkout failed');
    await storedReport(2, 'Checkout failed');
    for (const [i, url] of [
      'https://shop.example.com/bag',
      'https://shop.example.com/designs',
    ].entries()) {
      const res = await report({ type: 'TypeError', message: MESSAGE, stack: V8_STACK, url });
      expect(res.status).toBe(202);
      // Seconds apart, as reports come: three sent in one millisecond have no newest.
      await db()
        .updateTable('client_errors')
        .set({ created_at: new Date(Date.now() - (3 - i) * 1000).toISOString() })
        .where('id', '=', (res.body as { id: string }).id)
        .execute();
    }
    const latest = await report(
      { type: 'TypeError', message: MESSAGE, stack: V8_STACK, url: 'https://shop.example.com/' },
      'Mozilla/5.0 (iPhone)',
    );
    const latestId = (latest.body as { id: string }).id;

    const res = await asOperator('/api/admin/errors?days=7');
    expect(res.status).toBe(200);
    const { groups, next } = res.body as ErrorGroups;
    expect(next).toBeNull();
    expect(groups.map((g) => [g.message, g.count])).toEqual([
      [MESSAGE, 3],
      ['Checkout failed', 1],
    ]);
    expect(groups[0]).toMatchObject({
      type: 'TypeError',
      frame: 'at BagLine (https://shop.example.com/assets/bag-1a2b.js:1:2345)',
      sample: {
        id: latestId,
        url: 'https://shop.example.com/',
        userAgent: 'Mozilla/5.0 (iPhone)',
        requestId: expect.any(String),
        stack: V8_STACK,
      },
    });
    expect(groups[0]!.firstSeen <= groups[0]!.lastSeen).toBe(true);
    // First seen is the group's first report ever, even before the period.
    expect(groups[1]!.firstSeen).toBe(old.created_at);

    const month = (await asOperator('/api/admin/errors?days=30')).body as ErrorGroups;
    expect(month.groups.find((g) => g.message === 'Checkout failed')!.count).toBe(2);
    const page = (await asOperator('/api/admin/errors?days=30&limit=1')).body as ErrorGroups;
    expect(page.groups.map((g) => g.message)).toEqual([MESSAGE]);
    const page2 = (await asOperator(`/api/admin/errors?days=30&limit=1&after=${page.next!}`))
      .body as ErrorGroups;
    expect(page2.groups.map((g) => g.message)).toEqual(['Checkout failed']);
  });

  it("lists one group's reports, newest first", async () => {
    const { groups } = (await asOperator('/api/admin/errors')).body as ErrorGroups;
    const group = groups.find((g) => g.message === MESSAGE)!;
    const res = await asOperator(`/api/admin/errors/${group.fingerprint}?limit=2`);
    expect(res.status).toBe(200);
    const first = res.body as ErrorGroupReports;
    expect(first.group).toMatchObject({ fingerprint: group.fingerprint, count: 3 });
    expect(first.reports).toHaveLength(2);
    expect(first.reports[0]!.url).toBe('https://shop.example.com/');
    const rest = (
      await asOperator(`/api/admin/errors/${group.fingerprint}?limit=2&after=${first.next!}`)
    ).body as ErrorGroupReports;
    expect(rest.reports.map((r) => r.url)).toEqual(['https://shop.example.com/bag']);
    expect((await asOperator('/api/admin/errors/nothing-like-it')).status).toBe(404);
  });

  it.each(['days=0', 'days=400', 'limit=0', 'after=x'])('refuses ?%s', async (query) => {
    expect((await asOperator(`/api/admin/errors?${query}`)).status).toBe(400);
  });
});
