/**
 * POST /api/csp-reports (decision 056), on every test database: both formats browsers send are kept,
 * one row per kind of report with its repeats counted and URLs without their query; junk, oversized
 * bodies and other types are refused with the error body and store nothing; the console lists the
 * reports last seen first, paged, to operators only; the purge deletes what was not seen for 30 days.
 */
import type { CspReportsPage } from '@sunward/core/console-payment-page';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { purgeReports, recordViolation } from './csp-reports.repository.ts';
import { CspReportBodySchema, violationsOf } from './csp-reports.ts';

const REPORTS_JSON = { 'content-type': 'application/reports+json' };
const CSP_REPORT = { 'content-type': 'application/csp-report' };

/** A report as Chromium sends it to report-to. */
const reportingApi = (blockedURL: string, page = 'http://shop.test/checkout?email=a%40b.c') => [
  {
    age: 12,
    type: 'csp-violation',
    url: page,
    user_agent: 'Mozilla/5.0 Chrome/142',
    body: {
      documentURL: page,
      blockedURL,
      disposition: 'enforce',
      effectiveDirective: 'script-src-elem',
      originalPolicy: "default-src 'self'",
      referrer: '',
      sample: '',
      sourceFile: null,
      lineNumber: null,
      columnNumber: null,
      statusCode: 200,
    },
  },
];

/** A report as report-uri gets it. */
const legacy = {
  'csp-report': {
    'document-uri': 'http://shop.test/bag',
    referrer: '',
    'violated-directive': "frame-src 'self'",
    'effective-directive': 'frame-src',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'https://frames.example/x?token=secret',
    'status-code': 200,
    'script-sample': '',
  },
};

describe.each(DATABASE_KINDS)('CSP reports on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('csp_reports').execute();
  });

  const list = async (query = '') => {
    const res = await t.request(
      'GET',
      `/api/admin/csp-reports${query}`,
      undefined,
      operator.headers,
    );
    expect(res.status, res.text).toBe(200);
    return res.body as CspReportsPage;
  };
  const stored = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('csp_reports')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps both formats, counting repeats on one row, URLs without their query', async () => {
    const body = JSON.stringify(reportingApi('https://evil.example/skim.js?v=1'));
    for (let i = 0; i < 3; i++) {
      expect((await t.request('POST', '/api/csp-reports', body, REPORTS_JSON)).status).toBe(204);
    }
    const old = await t.request('POST', '/api/csp-reports', JSON.stringify(legacy), {
      ...CSP_REPORT,
      'user-agent': 'Mozilla/5.0 Firefox/140',
    });
    expect(old.status).toBe(204);

    const { reports, next } = await list();
    expect(next).toBeNull();
    expect(reports).toEqual([
      expect.objectContaining({
        directive: 'frame-src',
        blockedUrl: 'https://frames.example/x',
        documentUrl: 'http://shop.test/bag',
        count: 1,
        userAgent: 'Mozilla/5.0 Firefox/140',
      }),
      expect.objectContaining({
        directive: 'script-src-elem',
        blockedUrl: 'https://evil.example/skim.js',
        documentUrl: 'http://shop.test/checkout',
        disposition: 'enforce',
        count: 3,
        userAgent: 'Mozilla/5.0 Chrome/142',
      }),
    ]);
    expect(reports[1]!.firstSeen <= reports[1]!.lastSeen).toBe(true);
  });

  it('refuses junk, other report types and oversized bodies, storing nothing', async () => {
    const refusals: [string, Record<string, string>][] = [
      ['{not json', REPORTS_JSON],
      ['[]', REPORTS_JSON],
      [JSON.stringify({ hello: 'world' }), CSP_REPORT],
      [JSON.stringify([{ ...reportingApi('x')[0], type: 'deprecation' }]), REPORTS_JSON],
      [JSON.stringify(reportingApi('x'.repeat(5000))), REPORTS_JSON],
    ];
    for (const [body, headers] of refusals) {
      const res = await t.request('POST', '/api/csp-reports', body, headers);
      expect(res.status, body.slice(0, 60)).toBe(400);
      expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const huge = JSON.stringify(
      Array.from({ length: 50 }, () => reportingApi('y'.repeat(1000))[0]),
    );
    const tooLarge = await t.request('POST', '/api/csp-reports', huge, REPORTS_JSON);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'too_large' });
    expect(await stored()).toBe(0);
  });

  it('pages the console’s list last seen first, for operators only', async () => {
    for (const n of [1, 2, 3]) {
      const body = JSON.stringify(reportingApi(`https://evil.example/${n}.js`));
      await t.request('POST', '/api/csp-reports', body, REPORTS_JSON);
      // Seconds apart: three reports in one millisecond have no newest.
      await t.database.db
        .updateTable('csp_reports')
        .set({ last_seen: `2026-11-29T10:00:0${n}.000Z` })
        .where('blocked_url', '=', `https://evil.example/${n}.js`)
        .execute();
    }
    const first = await list('?limit=2');
    expect(first.reports.map((r) => r.blockedUrl)).toEqual([
      'https://evil.example/3.js',
      'https://evil.example/2.js',
    ]);
    const second = await list(`?limit=2&after=${encodeURIComponent(first.next!)}`);
    expect(second.reports.map((r) => r.blockedUrl)).toEqual(['https://evil.example/1.js']);
    expect(second.next).toBeNull();

    const customer = await customerToken(t);
    const refused = await t.request('GET', '/api/admin/csp-reports', undefined, customer.headers);
    expect(refused.status).toBe(403);
  });

  it('keeps at most the cap of kinds: a new kind past it is dropped, a repeat still counted', async () => {
    const [first] = violationsOf(
      CspReportBodySchema.parse(reportingApi('https://evil.example/first.js')),
      undefined,
    );
    const [second] = violationsOf(
      CspReportBodySchema.parse(reportingApi('https://evil.example/second.js')),
      undefined,
    );
    const at = new Date().toISOString();
    expect(await recordViolation(t.database.db, first!, at, 1)).toBe(true);
    expect(await recordViolation(t.database.db, second!, at, 1)).toBe(false);
    expect(await recordViolation(t.database.db, first!, at, 1)).toBe(true);
    const { reports } = await list();
    expect(reports.map((r) => [r.blockedUrl, r.count])).toEqual([
      ['https://evil.example/first.js', 2],
    ]);
  });

  it('purges the kinds not seen within the retention', async () => {
    await t.request(
      'POST',
      '/api/csp-reports',
      JSON.stringify(reportingApi('https://evil.example/old.js')),
      REPORTS_JSON,
    );
    expect(await purgeReports(t.database.db, new Date(Date.now() - 60_000).toISOString())).toBe(0);
    expect(await purgeReports(t.database.db, new Date(Date.now() + 60_000).toISOString())).toBe(1);
    expect(await stored()).toBe(0);
  });
});
