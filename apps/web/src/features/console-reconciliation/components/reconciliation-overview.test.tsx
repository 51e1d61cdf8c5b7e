import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ReconciliationFinding,
  ReconciliationOverview,
  ReconciliationRun,
} from '@sunward/core/console-reconciliation';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { fakeConsoleApi, renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, type Answer } from '@/test/fake-api.ts';
import { ReconcileNowButton, ReconciliationOverview as View } from './reconciliation-overview.tsx';

const run = (overrides: Partial<ReconciliationRun> = {}): ReconciliationRun => ({
  id: 'rec_1',
  periodFrom: '2026-11-25T12:00:00.000Z',
  periodTo: '2026-11-28T11:00:00.000Z',
  startedBy: 'schedule',
  startedAt: '2026-11-28T12:00:00.000Z',
  finishedAt: '2026-11-28T12:00:02.000Z',
  status: 'done',
  paymentsChecked: 42,
  findings: 2,
  error: null,
  ...overrides,
});
const finding = (overrides: Partial<ReconciliationFinding> = {}): ReconciliationFinding => ({
  id: 'recf_1',
  runId: 'rec_1',
  kind: 'amount_mismatch',
  paymentIntentId: 'pi_9',
  orderNumber: 'K7Q2M9X4TB',
  shopAmount: 4714,
  processorAmount: 4500,
  resolution: 'open',
  detail: 'Order K7Q2M9X4TB totals $47.14; its payment charged $45.00.',
  createdAt: '2026-11-28T12:00:01.000Z',
  ...overrides,
});
const overview = (findings: ReconciliationFinding[], open = 1): ReconciliationOverview => ({
  lastDoneAt: '2026-11-28T12:00:02.000Z',
  openFindings: open,
  runs: [run()],
  findings,
});

beforeEach(() => void signInAs());
afterEach(() => useAuthStore.setState(initialAuthState()));

describe('the reconciliation screen', () => {
  it('lists what was found, the open ones with a note to close them, and the runs', async () => {
    const api = fakeConsoleApi({
      'GET /api/admin/reconciliation': () => ({
        json: overview([
          finding(),
          finding({
            id: 'recf_2',
            kind: 'charge_without_order',
            orderNumber: null,
            shopAmount: null,
            processorAmount: 7300,
            resolution: 'refunded',
            detail: "Paid $73.00 through no checkout of the shop's: refunded in full.",
          }),
        ]),
      }),
      'POST /api/admin/reconciliation/findings/recf_1/close': () => ({ json: { closed: true } }),
    });
    renderConsolePage(<View />, { route: '/admin/reconciliation' });
    const findings = await screen.findByRole('table', {
      name: 'What reconciliation found, newest first',
    });
    const open = within(findings).getByRole('row', { name: /Amount differs/ });
    expect(within(open).getByRole('link', { name: 'K7Q2M9X4TB' }).getAttribute('href')).toBe(
      '/admin/orders/K7Q2M9X4TB',
    );
    expect(open.textContent).toContain('$47.14 / $45.00');
    const refunded = within(findings).getByRole('row', { name: /Payment without an order/ });
    expect(refunded.textContent).toContain('Refunded');
    expect(within(refunded).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Findings (1 open)' })).toBeTruthy();

    await userEvent.type(within(open).getByRole('textbox', { name: 'What was done' }), 'Fixed');
    await userEvent.click(within(open).getByRole('button', { name: 'Close' }));
    await expect
      .poll(() =>
        callsTo(api, 'POST', '/api/admin/reconciliation/findings/recf_1/close').map((c) => c.body),
      )
      .toEqual([{ note: 'Fixed' }]);

    const runs = screen.getByRole('table', { name: 'Reconciliation runs, newest first' });
    expect(within(runs).getByRole('row', { name: /Daily run/ }).textContent).toContain('42');
  });

  it('Reconcile now runs once however often it is clicked while it runs', async () => {
    const answer = deferred<Answer>();
    const api = fakeConsoleApi({
      'GET /api/admin/reconciliation': () => ({ json: overview([], 0) }),
      'POST /api/admin/reconciliation/runs': () => answer.promise,
    });
    renderConsolePage(<ReconcileNowButton />, { route: '/admin/reconciliation' });
    const button = screen.getByRole('button', { name: 'Reconcile now' });
    await userEvent.dblClick(button);
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Reconciling…' })).toBeTruthy();
    answer.resolve({ json: run({ startedBy: 'olivia@example.com' }) });
    await screen.findAllByText('Reconciled 42 payments: 2 found.');
    expect(callsTo(api, 'POST', '/api/admin/reconciliation/runs')).toHaveLength(1);
    // Done, it may be asked again.
    expect(screen.getByRole('button', { name: 'Reconcile now' })).toBeTruthy();
  });
});
