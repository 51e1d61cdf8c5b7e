import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  PageCheck,
  PageFinding,
  PaymentPageOverview,
} from '@sunward/core/console-payment-page';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { fakeConsoleApi, renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, type Answer } from '@/test/fake-api.ts';
import { CheckNowButton, PaymentPageOverview as View } from './payment-page-overview.tsx';

const check = (overrides: Partial<PageCheck> = {}): PageCheck => ({
  id: 'ppr_1',
  url: 'https://shop.example/checkout',
  startedBy: 'schedule',
  startedAt: '2026-11-29T10:00:00.000Z',
  finishedAt: '2026-11-29T10:00:01.000Z',
  status: 'done',
  scriptsChecked: 39,
  findings: 2,
  error: null,
  ...overrides,
});
const finding = (overrides: Partial<PageFinding> = {}): PageFinding => ({
  id: 'ppf_1',
  runId: 'ppr_1',
  kind: 'script_not_in_inventory',
  subject: 'https://evil.example/skim.js',
  expected: null,
  actual: 'https://evil.example/skim.js',
  detail: 'A script from https://evil.example, which the inventory does not list, is on the page.',
  status: 'open',
  createdAt: '2026-11-29T10:00:01.000Z',
  lastSeenAt: '2026-11-29T10:00:01.000Z',
  closedAt: null,
  closedBy: null,
  ...overrides,
});
const overview = (findings: PageFinding[], open = 1): PaymentPageOverview => ({
  inventory: true,
  everyMs: 3_600_000,
  openAlerts: open,
  checks: [check()],
  findings,
});

beforeEach(() => void signInAs());
afterEach(() => useAuthStore.setState(initialAuthState()));

describe('the payment-page monitor’s screen', () => {
  it('lists the changes, an open one with Acknowledge, and the checks', async () => {
    const api = fakeConsoleApi({
      'GET /api/admin/payment-page': () => ({
        json: overview([
          finding(),
          finding({
            id: 'ppf_2',
            kind: 'header_changed',
            subject: 'content-security-policy',
            actual: "script-src 'self' https://evil.example",
            detail: 'The Content-Security-Policy differs in script-src.',
            status: 'cleared',
            closedBy: 'check',
          }),
        ]),
      }),
      'POST /api/admin/payment-page/findings/ppf_1/acknowledge': () => ({
        json: { acknowledged: true },
      }),
    });
    renderConsolePage(<View />, { route: '/admin/payment-page' });
    const changes = await screen.findByRole('table', {
      name: 'What the checks found, last seen first',
    });
    expect(screen.getByRole('heading', { name: 'Changes (1 open)' })).toBeTruthy();
    expect(screen.getByText(/checked every hour/)).toBeTruthy();
    const open = within(changes).getByRole('row', { name: /Script not in the inventory/ });
    expect(open.textContent).toContain('https://evil.example/skim.js');
    const cleared = within(changes).getByRole('row', { name: /Security header changed/ });
    expect(cleared.textContent).toContain('Cleared by a check');
    expect(cleared.textContent).toContain("Seen: script-src 'self' https://evil.example");
    expect(within(cleared).queryByRole('button', { name: 'Acknowledge' })).toBeNull();

    await userEvent.click(within(open).getByRole('button', { name: 'Acknowledge' }));
    await expect
      .poll(() => callsTo(api, 'POST', '/api/admin/payment-page/findings/ppf_1/acknowledge'))
      .toHaveLength(1);
    const checks = screen.getByRole('table', { name: 'Checks of the payment page, newest first' });
    expect(within(checks).getByRole('row', { name: /Schedule/ }).textContent).toContain('39');
  });

  it('Check now checks once however often it is clicked, then says what it found', async () => {
    const answer = deferred<Answer>();
    const api = fakeConsoleApi({
      'GET /api/admin/payment-page': () => ({ json: overview([], 0) }),
      'POST /api/admin/payment-page/checks': () => answer.promise,
    });
    renderConsolePage(<CheckNowButton />, { route: '/admin/payment-page' });
    const button = screen.getByRole('button', { name: 'Check now' });
    await userEvent.dblClick(button);
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeTruthy();
    answer.resolve({ json: check({ startedBy: 'olivia@example.com' }) });
    await screen.findAllByText('2 changes found on the payment page.');
    expect(callsTo(api, 'POST', '/api/admin/payment-page/checks')).toHaveLength(1);
  });
});
