/**
 * The shop's figures when the database cannot be read (docs/decisions/035): the scrape still answers,
 * `sunward_shop_metrics_up` says 0, and the figures keep their last values (a counter that fell to 0
 * would read as a reset and a spike of orders).
 */
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import { orderAt } from '../admin/dashboard.factories.ts';
import { registerShopMetrics } from './shop-metrics.ts';

describe.each(DATABASE_KINDS)('the shop’s metrics on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  it('answers without the database, says so, and keeps the figures it last read', async () => {
    await orderAt(database.db, new Date().toISOString(), { total: 4200 });
    const errors: unknown[] = [];
    let jobsDown = false;
    const registry = new Registry();
    registerShopMetrics(registry, {
      db: database.db,
      jobs: {
        names: () => ['email.deliver'],
        counts: async () => {
          if (jobsDown) throw new Error('the job engine is away');
          return { 'email.deliver': { queued: 2, running: 0, failed: 1 } };
        },
        oldestWaiting: async () => ({ 'email.deliver': 1500 }),
      },
      onError: (err) => errors.push(err),
    });
    const value = async (line: string) => {
      const text = await registry.metrics();
      return text.split('\n').find((l) => l.startsWith(`${line} `));
    };

    expect(await value('sunward_shop_metrics_up')).toBe('sunward_shop_metrics_up 1');
    expect(await value('sunward_revenue_cents_total')).toBe('sunward_revenue_cents_total 4200');
    expect(await value('sunward_orders_paid_total')).toBe('sunward_orders_paid_total 1');
    expect(await value('sunward_jobs{name="email.deliver",state="failed"}')).toMatch(/ 1$/);
    expect(await value('sunward_jobs_oldest_waiting_seconds{name="email.deliver"}')).toMatch(
      / 1\.5$/,
    );
    expect(errors).toEqual([]);

    // The job engine away: one read and one error in the scrape, though two metrics come from it.
    jobsDown = true;
    const text = await registry.metrics();
    expect(text).toContain('sunward_shop_metrics_up 0');
    expect(text).toContain('sunward_revenue_cents_total 4200');
    expect(text).toContain('sunward_jobs{name="email.deliver",state="failed"} 1');
    expect(errors).toHaveLength(1);

    await database.close();
    const closed = await registry.metrics();
    expect(closed).toContain('sunward_shop_metrics_up 0');
    // The last figures read, not 0.
    expect(closed).toContain('sunward_revenue_cents_total 4200');
    expect(closed).toContain('sunward_orders_paid_total 1');
    expect(errors.length).toBeGreaterThan(1);
  });
});
