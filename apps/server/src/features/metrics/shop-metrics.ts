/**
 * The shop's figures as Prometheus metrics (docs/decisions/035): jobs, unsent emails, orders, revenue,
 * refunds and reconciliation's open findings, read from the database when Prometheus scrapes (each metric's `collect`), never counted
 * in a process's memory. Every process reads the same rows, so every process reports the same values
 * and none is lost when one restarts: aggregate them across processes with max(), not sum().
 */
import { ORDER_STATUSES } from '@sunward/core/order-status';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/database.ts';
import type { JobCount, JobQueue } from '../../lib/jobs/job-queue.ts';
import {
  ordersByStatus,
  refundTotals,
  UNSENT_EMAIL_STATUSES,
  unsentEmails,
  type OrdersByStatus,
} from './metrics.repository.ts';
import { countOpenFindings, lastDoneAt } from '../reconciliation/reconciliation.api.ts';
import { countOpenAlerts, runTotals } from '../payment-page/payment-page.api.ts';

export interface ShopMetricsDeps {
  db: Db;
  jobs: Pick<JobQueue, 'counts' | 'oldestWaiting' | 'names'>;
  /** A read that failed (logged by the caller); its metrics keep their last values. */
  onError: (err: unknown) => void;
}

/** What one scrape read; a part whose read failed is undefined. */
interface Snapshot {
  jobs?: { names: string[]; counts: Record<string, JobCount>; oldest: Record<string, number> };
  emails?: Record<string, number>;
  orders?: OrdersByStatus[];
  refunds?: { refunds: number; amount: number };
  reconciliation?: { open: number; lastDoneAt: string | null };
  paymentPage?: { open: number; runs: Awaited<ReturnType<typeof runTotals>> };
  ok: boolean;
}

const JOB_STATES = ['queued', 'running', 'failed'] as const;

/** The listed keys at 0 (a series that exists while there is nothing to count), then the rows. */
function withZeros(keys: readonly string[], rows: Record<string, number>): [string, number][] {
  return Object.entries({ ...Object.fromEntries(keys.map((key) => [key, 0])), ...rows });
}

/** Registers the shop's metrics on `registry`; their values are read at each scrape. */
export function registerShopMetrics(registry: Registry, deps: ShopMetricsDeps): void {
  const { db, jobs, onError } = deps;

  /**
   * One read of everything per scrape, shared by the metrics made from it (prom-client collects them
   * at once). One statement after another: a scrape holds one connection at a time.
   */
  let pending: Promise<Snapshot> | undefined;
  const snapshot = () =>
    (pending ??= read().finally(() => {
      pending = undefined;
    }));
  async function read(): Promise<Snapshot> {
    let ok = true;
    const attempt = async <T>(part: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await part();
      } catch (err) {
        ok = false;
        onError(err);
        return undefined;
      }
    };
    const jobsPart = await attempt(async () => ({
      names: jobs.names(),
      counts: await jobs.counts(),
      oldest: await jobs.oldestWaiting(),
    }));
    const emails = await attempt(() => unsentEmails(db));
    const orders = await attempt(() => ordersByStatus(db));
    const refunds = await attempt(() => refundTotals(db));
    const reconciliation = await attempt(async () => ({
      open: await countOpenFindings(db),
      lastDoneAt: await lastDoneAt(db),
    }));
    const paymentPage = await attempt(async () => ({
      open: await countOpenAlerts(db),
      runs: await runTotals(db),
    }));
    return { jobs: jobsPart, emails, orders, refunds, reconciliation, paymentPage, ok };
  }

  const registers = [registry];
  const up = new Gauge({
    name: 'sunward_shop_metrics_up',
    help: "1 when this scrape read the shop's figures from the database; 0 when a read failed (those metrics then keep their last values).",
    registers,
    async collect() {
      up.set((await snapshot()).ok ? 1 : 0);
    },
  });

  const jobCounts = new Gauge({
    name: 'sunward_jobs',
    help: 'Background jobs by name and state: queued (due or not yet), running, failed (attempts used up; kept for the console).',
    labelNames: ['name', 'state'] as const,
    registers,
    async collect() {
      const part = (await snapshot()).jobs;
      if (!part) return;
      jobCounts.reset();
      const names = new Set([...part.names, ...Object.keys(part.counts)]);
      for (const name of names) {
        for (const state of JOB_STATES) {
          jobCounts.set({ name, state }, part.counts[name]?.[state] ?? 0);
        }
      }
    },
  });
  const oldestWaiting = new Gauge({
    name: 'sunward_jobs_oldest_waiting_seconds',
    help: 'How long the job of this name that has been due longest has waited for a worker (0: none is waiting).',
    labelNames: ['name'] as const,
    registers,
    async collect() {
      const part = (await snapshot()).jobs;
      if (!part) return;
      oldestWaiting.reset();
      for (const [name, ms] of withZeros(part.names, part.oldest)) {
        oldestWaiting.set({ name }, ms / 1000);
      }
    },
  });

  const emails = new Gauge({
    name: 'sunward_emails_unsent',
    help: 'Outbox emails not yet sent, by status: queued, sending, failed (given up on after every attempt).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const part = (await snapshot()).emails;
      if (!part) return;
      emails.reset();
      for (const [status, count] of withZeros(UNSENT_EMAIL_STATUSES, part)) {
        emails.set({ status }, count);
      }
    },
  });

  /** The orders' figures, per status and in all, from the one grouped read. */
  const fromOrders = (set: (rows: OrdersByStatus[]) => void) => async () => {
    const rows = (await snapshot()).orders;
    if (rows) set(rows);
  };
  const byStatus = (rows: OrdersByStatus[], pick: (row: OrdersByStatus) => number) =>
    withZeros(ORDER_STATUSES, Object.fromEntries(rows.map((row) => [row.status, pick(row)])));
  const sum = (rows: OrdersByStatus[], pick: (row: OrdersByStatus) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);

  const orders = new Gauge({
    name: 'sunward_orders',
    help: "Orders by status now (exchanges' replacement orders included).",
    labelNames: ['status'] as const,
    registers,
    collect: fromOrders((rows) => {
      orders.reset();
      for (const [status, count] of byStatus(rows, (row) => row.orders)) {
        orders.set({ status }, count);
      }
    }),
  });
  const ordersValue = new Gauge({
    name: 'sunward_orders_value_cents',
    help: 'The sum of the totals of the orders in each status now, in cents, before refunds.',
    labelNames: ['status'] as const,
    registers,
    collect: fromOrders((rows) => {
      ordersValue.reset();
      for (const [status, cents] of byStatus(rows, (row) => row.total)) {
        ordersValue.set({ status }, cents);
      }
    }),
  });
  const ordersPaid = new Counter({
    name: 'sunward_orders_paid_total',
    help: 'Orders paid through the payment provider, ever (replacement orders are not).',
    registers,
    collect: fromOrders((rows) => {
      ordersPaid.reset();
      ordersPaid.inc(sum(rows, (row) => row.paid));
    }),
  });
  const revenue = new Counter({
    name: 'sunward_revenue_cents_total',
    help: "The totals of every order ever placed, in cents, before refunds (shipping and sales tax included; a replacement order's is 0).",
    registers,
    collect: fromOrders((rows) => {
      revenue.reset();
      revenue.inc(sum(rows, (row) => row.total));
    }),
  });

  const refunds = new Counter({
    name: 'sunward_payment_refunds_total',
    help: 'Refunds recorded, ever (a refund asked of the provider and not yet settled is not counted).',
    registers,
    async collect() {
      const part = (await snapshot()).refunds;
      if (!part) return;
      refunds.reset();
      refunds.inc(part.refunds);
    },
  });
  const refunded = new Counter({
    name: 'sunward_payment_refunded_cents_total',
    help: 'The amounts of the refunds recorded, ever, in cents.',
    registers,
    async collect() {
      const part = (await snapshot()).refunds;
      if (!part) return;
      refunded.reset();
      refunded.inc(part.amount);
    },
  });
  const findings = new Gauge({
    name: 'sunward_reconciliation_open_findings',
    help: "Payments and orders reconciliation found to differ from the card processor's records, not yet closed by an operator.",
    registers,
    async collect() {
      const part = (await snapshot()).reconciliation;
      if (part) findings.set(part.open);
    },
  });
  const lastRun = new Gauge({
    name: 'sunward_reconciliation_last_success_timestamp_seconds',
    help: 'When the last reconciliation run finished well (Unix time); 0 before the first. Alert on time() minus this over a day and a bit.',
    registers,
    async collect() {
      const part = (await snapshot()).reconciliation;
      if (part) lastRun.set(part.lastDoneAt ? Date.parse(part.lastDoneAt) / 1000 : 0);
    },
  });

  const pageAlerts = new Gauge({
    name: 'sunward_payment_page_open_alerts',
    help: "Changes the payment-page monitor found on /checkout (a script not in the build's inventory, an integrity or a script's bytes that differ, a security header changed), not yet cleared by a check or acknowledged by an operator.",
    registers,
    async collect() {
      const part = (await snapshot()).paymentPage;
      if (part) pageAlerts.set(part.open);
    },
  });
  const pageChecks = new Counter({
    name: 'sunward_payment_page_checks_total',
    help: 'Checks of the payment page, ever, by outcome: done (compared) or failed (the page could not be fetched).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const part = (await snapshot()).paymentPage;
      if (!part) return;
      pageChecks.reset();
      for (const [status, runs] of withZeros(
        ['done', 'failed'],
        Object.fromEntries(part.runs.map((r) => [r.status, r.runs])),
      )) {
        pageChecks.inc({ status }, runs);
      }
    },
  });
  const pageFindings = new Counter({
    name: 'sunward_payment_page_findings_total',
    help: 'What the payment-page checks found differing from the build, summed over every check, ever.',
    registers,
    async collect() {
      const part = (await snapshot()).paymentPage;
      if (!part) return;
      pageFindings.reset();
      pageFindings.inc(part.runs.reduce((sum, r) => sum + r.findings, 0));
    },
  });
}
