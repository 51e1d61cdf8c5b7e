/**
 * The payment-page monitor (issue 31 item 2, PCI DSS 11.6.1), on every test database: the shop
 * serves a built storefront; the monitor fetches /checkout through a proxy in front of it, as
 * shoppers get the page. Clean, a check finds nothing. A skimmer planted on the way (a foreign
 * script on the page, the CSP's script-src widened for it, a chunk's bytes changed) is found, shown
 * as alerts on the console's home and counted in /metrics, until a clean check clears them; an
 * operator may acknowledge one. Only operators get in.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Dashboard } from '@sunward/core/console-dashboard';
import type { PageCheck, PaymentPageOverview } from '@sunward/core/console-payment-page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { BOOT, builtDist, type BuiltDist } from './payment-page.factories.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const SKIMMER = '<script src="https://evil.example/skim.js"></script>';

/** What the proxy does to the shop's answers: nothing, until an attacker takes it over. */
interface Tampering {
  page?: (html: string) => string;
  csp?: (policy: string) => string;
  script?: { path: string; code: string };
}

/** A reverse proxy in front of the shop (a CDN, a load balancer) that an attacker may tamper with. */
async function proxyTo(target: () => string, tampering: Tampering): Promise<Server> {
  const server = createServer((req: IncomingMessage, res) => {
    void (async () => {
      const upstream = await fetch(target() + req.url, {
        headers: {
          'user-agent': req.headers['user-agent'] ?? '',
          accept: req.headers.accept ?? '',
        },
      });
      let body = Buffer.from(await upstream.arrayBuffer());
      const headers = Object.fromEntries(upstream.headers);
      delete headers['content-encoding'];
      delete headers['content-length'];
      if (req.url === '/checkout' && tampering.page) {
        body = Buffer.from(tampering.page(body.toString('utf8')));
      }
      if (tampering.csp && headers['content-security-policy']) {
        headers['content-security-policy'] = tampering.csp(headers['content-security-policy']);
      }
      if (tampering.script && req.url === tampering.script.path)
        body = Buffer.from(tampering.script.code);
      res.writeHead(upstream.status, headers).end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe.each(DATABASE_KINDS)('the payment-page monitor on %s', (kind) => {
  let t: TestApp;
  let dist: BuiltDist;
  let operator: Person;
  let proxy: Server;
  const tampering: Tampering = {};
  beforeAll(async () => {
    dist = builtDist();
    t = await createTestApp(kind, { webDistDir: dist.dir, metricsToken: TOKEN });
    proxy = await proxyTo(() => t.baseUrl, tampering);
    t.config.paymentPage.url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/checkout`;
    operator = await operatorToken(t);
  });
  afterAll(async () => {
    proxy?.close();
    await t?.close();
    rmSync(dist.dir, { recursive: true, force: true });
  });

  const checkNow = async () => {
    const res = await t.request(
      'POST',
      '/api/admin/payment-page/checks',
      undefined,
      operator.headers,
    );
    expect(res.status, res.text).toBe(200);
    return res.body as PageCheck;
  };
  const overview = async () =>
    (await t.request('GET', '/api/admin/payment-page', undefined, operator.headers))
      .body as PaymentPageOverview;
  const homeAlerts = async () =>
    (
      (await t.request('GET', '/api/admin/dashboard', undefined, operator.headers))
        .body as Dashboard
    ).needsAttention.paymentPage;
  const metric = async (name: string) => {
    const res = await t.request('GET', '/metrics', undefined, { authorization: `Bearer ${TOKEN}` });
    const line = res.text.split('\n').find((l) => l.startsWith(`${name} `));
    return Number(line?.split(' ')[1]);
  };

  it('finds nothing on the page as built', async () => {
    const check = await checkNow();
    expect(check).toMatchObject({
      status: 'done',
      findings: 0,
      scriptsChecked: 3,
      startedBy: operator.email,
      error: null,
    });
    expect((await homeAlerts()).count).toBe(0);
    expect(await metric('sunward_payment_page_open_alerts')).toBe(0);
  });

  it('alerts on a planted script and a widened CSP, until a clean check', async () => {
    tampering.page = (html) => html.replace('</head>', `${SKIMMER}</head>`);
    tampering.csp = (policy) =>
      policy.replace(/script-src ([^;]*)/, 'script-src $1 https://evil.example');
    const check = await checkNow();
    expect(check).toMatchObject({ status: 'done', findings: 2 });

    const alerts = await homeAlerts();
    expect(alerts.count).toBe(2);
    expect(alerts.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'script_not_in_inventory',
          subject: 'https://evil.example/skim.js',
          detail:
            'A script from https://evil.example, which the inventory does not list, is on the page.',
        }),
        expect.objectContaining({
          kind: 'header_changed',
          subject: 'content-security-policy',
          detail: 'The Content-Security-Policy differs in script-src.',
        }),
      ]),
    );
    expect(await metric('sunward_payment_page_open_alerts')).toBe(2);
    expect(await metric('sunward_payment_page_findings_total')).toBe(2);

    // Found again: the same two alerts, not four.
    await checkNow();
    expect((await homeAlerts()).count).toBe(2);

    delete tampering.page;
    delete tampering.csp;
    expect(await checkNow()).toMatchObject({ status: 'done', findings: 0 });
    expect((await homeAlerts()).count).toBe(0);
    expect(await metric('sunward_payment_page_open_alerts')).toBe(0);
    const { findings } = await overview();
    expect(findings.filter((f) => f.status === 'cleared')).toHaveLength(2);
  });

  it('alerts on a script whose bytes changed; an operator acknowledges it', async () => {
    tampering.script = { path: BOOT, code: `${dist.code[BOOT]}fetch('https://evil.example');\n` };
    expect(await checkNow()).toMatchObject({ status: 'done', findings: 1 });
    const [alert] = (await homeAlerts()).items;
    expect(alert).toMatchObject({ kind: 'script_altered', subject: BOOT });

    const customer = await customerToken(t);
    const refused = await t.request(
      'POST',
      `/api/admin/payment-page/findings/${alert!.id}/acknowledge`,
      undefined,
      customer.headers,
    );
    expect(refused.status).toBe(403);
    const ack = await t.request(
      'POST',
      `/api/admin/payment-page/findings/${alert!.id}/acknowledge`,
      undefined,
      operator.headers,
    );
    expect(ack.status).toBe(200);
    expect((await homeAlerts()).count).toBe(0);
    // Still altered, already acknowledged: not raised again.
    await checkNow();
    expect((await homeAlerts()).count).toBe(0);
    const again = await t.request(
      'POST',
      `/api/admin/payment-page/findings/${alert!.id}/acknowledge`,
      undefined,
      operator.headers,
    );
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'not_found' });
    delete tampering.script;
  });

  it('keeps a check that could not fetch the page as failed', async () => {
    const url = t.config.paymentPage.url;
    t.config.paymentPage.url = `${t.baseUrl}/no-such-page.js`;
    try {
      const check = await checkNow();
      expect(check.status).toBe('failed');
      expect(check.error).toMatch(/answered 404/);
    } finally {
      t.config.paymentPage.url = url;
    }
  });
});
