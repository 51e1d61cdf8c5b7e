/**
 * `/metrics` (issue 27 item 5, docs/decisions/035) on every test database: refused without its bearer
 * token and absent without METRICS_TOKEN; Prometheus's text with it, never cached, never rate limited,
 * not in the API document; requests counted under their route pattern (the fast lane's too) and
 * unknown paths under one label; the jobs, emails, orders and refunds read from the rows there are
 * now; and a closed app leaves nothing running.
 */
import { createHook } from 'node:async_hooks';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { processMetrics } from '../../lib/process-metrics.ts';
import { advanceQueue, FAST_JOBS, manualClock } from '../../lib/jobs/testing/job-test-kit.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { orderAt, outboxEmail, refundAt } from '../admin/dashboard.factories.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of an exposition in Prometheus's text format. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText = '', value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k!, v!]),
      );
      return { name: name!, labels, value: Number(value) };
    });
}

/** The value of the sample `name` whose labels include `labels`; 0 when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

async function scrape(t: TestApp): Promise<Sample[]> {
  const res = await t.request('GET', '/metrics', undefined, AUTH);
  expect(res.status, res.text).toBe(200);
  return parse(res.text);
}

/** Requests answered with this method, route label and status, as the histogram counts them. */
const requests = (samples: Sample[], method: string, route: string, status: number) =>
  valueOf(samples, 'http_request_duration_seconds_count', {
    method,
    route,
    status_code: String(status),
  });

/** Makes the jobs named `name` look as the engine keeps one that used all its attempts. */
async function markFailed(db: Db, engine: JobQueue['engine'], name: string) {
  if (engine === 'sqlite') {
    await db
      .updateTable('jobs')
      .set({ state: 'failed', failed_at: new Date().toISOString(), last_error: 'test' })
      .where('name', '=', name)
      .execute();
    return;
  }
  await sql`update pgboss.job set state = 'failed', completed_on = now() where name = ${name}`.execute(
    db,
  );
}

describe.each(DATABASE_KINDS)('metrics on %s', (kind) => {
  let t: TestApp;
  let web: string;
  const clock = manualClock();

  beforeAll(async () => {
    // A storefront build of one page, answered at every page's path.
    web = mkdtempSync(path.join(tmpdir(), 'shop-metrics-'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Shop</title>');
    mkdirSync(path.join(web, 'static'));
    for (const file of ['app-1a2b3c.js', 'app-4d5e6f.css']) {
      writeFileSync(path.join(web, 'static', file), 'built');
    }
    // A web process: the jobs it enqueues wait for a worker there is none of.
    t = await createTestApp(
      kind,
      { metricsToken: TOKEN, processRole: 'web', webDistDir: web },
      {},
      false,
      { now: clock.now, ...FAST_JOBS },
    );
  });
  afterAll(async () => {
    await t?.close();
    if (web) rmSync(web, { recursive: true, force: true });
  });

  it('refuses a request without the token or with another one, and lets nothing keep the answer', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-the-metrics-token-0123456789' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of cases) {
      const res = await t.request('GET', '/metrics', undefined, headers);
      expect([headers, res.status]).toEqual([headers, 401]);
      expect(res.body).toMatchObject({ code: 'unauthorized' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.text).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers Prometheus’s text format to the token, never cached, with the process’s own metrics', async () => {
    const res = await t.request('GET', '/metrics', undefined, {
      authorization: `bearer ${TOKEN}`,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const samples = parse(res.text);
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(names).toContain(name);
    }
    expect(valueOf(samples, 'sunward_shop_metrics_up')).toBe(1);
  });

  it('is scraped every few seconds without meeting a rate limit, and is not in the API document', async () => {
    const limited = await createTestApp(kind, { metricsToken: TOKEN, rateLimitMax: 1 });
    try {
      // The API's limit is met (one request a minute: the second, or the third when the first fell at
      // the end of a minute's window)...
      const statuses: number[] = [];
      for (let i = 0; i < 3 && !statuses.includes(429); i++) {
        statuses.push((await limited.request('GET', '/api/products/none')).status);
      }
      expect(statuses).toContain(429);
      // ...and the scrapes are never counted: five in a row, whatever the window.
      for (let i = 0; i < 5; i++) {
        expect((await limited.request('GET', '/metrics', undefined, AUTH)).status).toBe(200);
      }
    } finally {
      await limited.close();
    }
    const doc = (await t.request('GET', '/api/docs/json')).body as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(Object.keys(doc.paths).filter((path) => path.includes('metrics'))).toEqual([]);
  });

  it('counts each request under its route pattern and status, and unknown paths under one label', async () => {
    const before = await scrape(t);
    for (const id of ['no-such-shirt-1', 'no-such-shirt-2']) {
      expect((await t.request('GET', `/api/products/${id}`)).status).toBe(404);
    }
    for (const path of ['/api/no-such-call-1', '/api/no-such-call-2', '/no-such-file.js']) {
      expect((await t.request('GET', path)).status).toBe(404);
    }
    expect((await t.request('POST', '/api/no-such-call-3', {})).status).toBe(404);
    expect((await t.request('GET', '/healthz')).status).toBe(200);
    // The hook runs once the answer is sent: the client may have it first.
    await expect
      .poll(async () => {
        const now = await scrape(t);
        return [
          requests(now, 'GET', '/api/products/:id', 404) -
            requests(before, 'GET', '/api/products/:id', 404),
          requests(now, 'GET', 'not_found', 404) - requests(before, 'GET', 'not_found', 404),
          requests(now, 'POST', 'not_found', 404) - requests(before, 'POST', 'not_found', 404),
          requests(now, 'GET', '/healthz', 200) - requests(before, 'GET', '/healthz', 200),
        ];
      })
      .toEqual([2, 3, 1, 1]);
    const after = await scrape(t);
    const routes = new Set(
      after
        .filter((s) => s.name === 'http_request_duration_seconds_count')
        .map((s) => s.labels.route),
    );
    expect([...routes].filter((route) => /no-such/.test(route!))).toEqual([]);
    // The scrapes themselves are requests too.
    expect(requests(after, 'GET', '/metrics', 200)).toBeGreaterThan(0);
    const seconds = valueOf(after, 'http_request_duration_seconds_sum', {
      method: 'GET',
      route: '/api/products/:id',
      status_code: '404',
    });
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(60);
  });

  it('counts the storefront’s pages, its build’s files and the identity provider under one label each', async () => {
    const before = await scrape(t);
    for (const page of ['/cart', '/designs/alaska', '/account/orders']) {
      expect((await t.request('GET', page)).status).toBe(200);
    }
    for (const file of ['app-1a2b3c.js', 'app-4d5e6f.css']) {
      expect((await t.request('GET', `/static/${file}`)).status).toBe(200);
    }
    const discovery = await t.request('GET', '/oidc/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    const grew = (now: Sample[], route: string) =>
      requests(now, 'GET', route, 200) - requests(before, 'GET', route, 200);
    await expect
      .poll(async () => {
        const now = await scrape(t);
        return [grew(now, 'page'), grew(now, '/static/*'), grew(now, '/oidc/*')];
      })
      .toEqual([3, 2, 1]);
    const routes = (await scrape(t)).map((s) => s.labels.route ?? '');
    expect(routes.filter((route) => /app-|alaska|well-known/.test(route))).toEqual([]);
  });

  it('counts the fast lane’s answers under the route they stand in for', async () => {
    const before = await scrape(t);
    const lane = t.app.fastLane.answered;
    for (let i = 0; i < 3; i++) expect((await t.request('GET', '/api/designs')).status).toBe(200);
    expect(t.app.fastLane.answered).toBeGreaterThan(lane);
    await expect
      .poll(async () => {
        const now = await scrape(t);
        return (
          requests(now, 'GET', '/api/designs', 200) - requests(before, 'GET', '/api/designs', 200)
        );
      })
      .toBe(3);
  });

  it("reads reconciliation's open findings and when its last run finished", async () => {
    const { db } = t.database;
    const before = await scrape(t);
    expect(valueOf(before, 'sunward_reconciliation_last_success_timestamp_seconds')).toBe(0);
    const at = new Date().toISOString();
    await db
      .insertInto('reconciliation_runs')
      .values({
        id: 'rec_metrics',
        period_from: at,
        period_to: at,
        started_by: 'schedule',
        started_at: at,
        finished_at: at,
        status: 'done',
        payments_checked: 1,
        findings: 1,
      })
      .execute();
    await db
      .insertInto('reconciliation_findings')
      .values({
        id: 'recf_metrics',
        run_id: 'rec_metrics',
        kind: 'amount_mismatch',
        payment_intent_id: 'pi_metrics',
        order_number: null,
        shop_amount: 100,
        processor_amount: 90,
        resolution: 'open',
        detail: 'differs',
        created_at: at,
      })
      .execute();
    const after = await scrape(t);
    expect(
      valueOf(after, 'sunward_reconciliation_open_findings') -
        valueOf(before, 'sunward_reconciliation_open_findings'),
    ).toBe(1);
    expect(valueOf(after, 'sunward_reconciliation_last_success_timestamp_seconds')).toBe(
      Date.parse(at) / 1000,
    );
  });

  it('reads unsent emails, orders, revenue and refunds from the rows there are now', async () => {
    const { db } = t.database;
    const before = await scrape(t);
    const at = new Date().toISOString();
    await outboxEmail(db, 'failed');
    await outboxEmail(db, 'failed');
    await outboxEmail(db, 'sent');
    const paid = await orderAt(db, at, { status: 'shipped', total: 1234 });
    await orderAt(db, at, { status: 'shipped', total: 0, paid: false });
    await refundAt(db, paid, 500, at);
    await refundAt(db, paid, 250, at);

    const after = await scrape(t);
    const grew = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(grew('sunward_emails_unsent', { status: 'failed' })).toBe(2);
    expect(grew('sunward_emails_unsent', { status: 'queued' })).toBe(0);
    expect(
      after.filter((s) => s.name === 'sunward_emails_unsent').map((s) => s.labels.status),
    ).toEqual(expect.arrayContaining(['queued', 'sending', 'failed']));
    expect(grew('sunward_orders', { status: 'shipped' })).toBe(2);
    expect(grew('sunward_orders', { status: 'pending' })).toBe(0);
    expect(grew('sunward_orders_value_cents', { status: 'shipped' })).toBe(1234);
    expect(grew('sunward_orders_paid_total')).toBe(1);
    expect(grew('sunward_revenue_cents_total')).toBe(1234);
    expect(grew('sunward_payment_refunds_total')).toBe(2);
    expect(grew('sunward_payment_refunded_cents_total')).toBe(750);
    // Every status has its series, 0 or not.
    for (const status of ['pending', 'in-progress', 'shipped', 'completed', 'cancelled']) {
      expect(after.some((s) => s.name === 'sunward_orders' && s.labels.status === status)).toBe(
        true,
      );
    }
    // The totals are the table's, whoever asks: what another process would report too.
    const { total } = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number | string>('total').as('total'))
      .executeTakeFirstOrThrow();
    expect(valueOf(after, 'sunward_revenue_cents_total')).toBe(Number(total));
  });

  it('reads the jobs waiting, failed and the longest wait from the job engine', async () => {
    const { db } = t.database;
    const names = t.app.jobs.names();
    expect(names.length).toBeGreaterThan(3);
    const [name, later] = ['email.deliver', 'orders.settle-refund'];
    expect(names).toEqual(expect.arrayContaining([name, later]));
    const before = await scrape(t);
    for (const each of names) {
      for (const state of ['queued', 'running', 'failed']) {
        expect(
          before.some(
            (s) => s.name === 'sunward_jobs' && s.labels.name === each && s.labels.state === state,
          ),
        ).toBe(true);
      }
      expect(
        before.some(
          (s) => s.name === 'sunward_jobs_oldest_waiting_seconds' && s.labels.name === each,
        ),
      ).toBe(true);
    }

    await db.transaction().execute(async (trx) => {
      await t.app.jobs.enqueue(trx, { name, data: { emailId: 'em_metrics' } });
      await t.app.jobs.enqueue(trx, {
        name: later,
        data: { claimId: 'rc_metrics' },
        runAt: new Date(clock.now() + 3_600_000),
      });
    });
    await advanceQueue(db, t.app.jobs.engine, clock, 90_000);
    const after = await scrape(t);
    const grew = (metric: string, labels: Record<string, string>) =>
      valueOf(after, metric, labels) - valueOf(before, metric, labels);
    expect(grew('sunward_jobs', { name, state: 'queued' })).toBe(1);
    expect(grew('sunward_jobs', { name: later, state: 'queued' })).toBe(1);
    const waited = valueOf(after, 'sunward_jobs_oldest_waiting_seconds', { name });
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(95);
    // Due in an hour: not waiting yet.
    expect(valueOf(after, 'sunward_jobs_oldest_waiting_seconds', { name: later })).toBe(0);

    await markFailed(db, t.app.jobs.engine, later);
    const failed = await scrape(t);
    expect(valueOf(failed, 'sunward_jobs', { name: later, state: 'failed' })).toBe(
      valueOf(before, 'sunward_jobs', { name: later, state: 'failed' }) + 1,
    );
    expect(valueOf(failed, 'sunward_jobs', { name: later, state: 'queued' })).toBe(
      valueOf(before, 'sunward_jobs', { name: later, state: 'queued' }),
    );
  });

  it('counts the statements this process ran, by kind, their failures and their time', async () => {
    const statements = t.database.statements!;
    const first = await scrape(t);
    const counted = (samples: Sample[], kind: string) =>
      valueOf(samples, 'sunward_db_statements_total', { kind });
    // Between the two scrapes: what is asked here, and the first scrape's reads of the shop's figures
    // (made after its counters were read).
    const selects = statements.byKind.select;
    await t.database.db.selectFrom('settings').selectAll().execute();
    const refused = t.database.db.transaction().execute(async (trx) => {
      await sql`select * from no_such_table`.execute(trx);
    });
    await expect(refused).rejects.toThrow();
    const second = await scrape(t);
    expect(counted(second, 'select')).toBeGreaterThanOrEqual(counted(first, 'select') + 2);
    expect(counted(second, 'select')).toBeLessThanOrEqual(statements.byKind.select);
    expect(statements.byKind.select - selects).toBeGreaterThanOrEqual(2);
    expect(counted(second, 'rollback')).toBe(counted(first, 'rollback') + 1);
    expect(valueOf(second, 'sunward_db_statement_errors_total')).toBe(
      valueOf(first, 'sunward_db_statement_errors_total') + 1,
    );
    expect(valueOf(second, 'sunward_db_statement_seconds_total')).toBeGreaterThan(
      valueOf(first, 'sunward_db_statement_seconds_total'),
    );
    // Every kind has its series, at 0 until one runs.
    for (const kind of ['insert', 'update', 'delete', 'begin', 'commit', 'rollback', 'other']) {
      expect(
        second.some((s) => s.name === 'sunward_db_statements_total' && s.labels.kind === kind),
      ).toBe(true);
    }
  });

  it('answers 404 without METRICS_TOKEN, and measures nothing', async () => {
    const off = await createTestApp(kind);
    try {
      expect(off.app.metrics).toBeNull();
      expect(off.database.statements).toBeUndefined();
      expect(off.app.fastLane.observer).toBeUndefined();
      for (const headers of [{}, AUTH]) {
        const res = await off.request('GET', '/metrics', undefined, headers);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'not_found' });
      }
    } finally {
      await off.close();
    }
  });

  it('leaves nothing running once its app is closed', async () => {
    // The process's own metrics (the event-loop monitor, the GC observer) are made once per process,
    // not per app: made before, no app makes another.
    const shared = processMetrics();
    // Every timer, immediate and event-loop monitor made while the app lives, until each is gone.
    const live = new Map<number, string>();
    let watching = true;
    const hook = createHook({
      init(id, type) {
        if (watching && ['Timeout', 'Immediate', 'ELDHISTOGRAM'].includes(type)) live.set(id, type);
      },
      destroy(id) {
        live.delete(id);
      },
    }).enable();
    try {
      const app = await createTestApp(kind, { metricsToken: TOKEN });
      for (let i = 0; i < 2; i++) {
        expect((await app.request('GET', '/metrics', undefined, AUTH)).status).toBe(200);
      }
      expect(app.app.fastLane.observer).toBeDefined();
      await app.close();
      watching = false;
      expect(app.app.fastLane.observer).toBeUndefined();
      expect(app.app.metrics?.getMetricsAsArray()).toEqual([]);
      expect(processMetrics()).toBe(shared);
      expect([...live.values()]).not.toContain('ELDHISTOGRAM');
      // Timers still counting down when the app closed (a pool's, a socket's) run out on their own.
      await expect.poll(() => [...live.values()], { timeout: 15_000 }).toEqual([]);
    } finally {
      hook.disable();
    }
  });
});
