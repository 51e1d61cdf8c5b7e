import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, type Answer } from '@/test/fake-api.ts';
import type { Dashboard } from '@sunward/core/console-dashboard';
import { busyQueues, createDashboard } from '../test/dashboard-factory.ts';
import { ConsoleHome } from './console-home.tsx';

// The chart draws on a canvas, which jsdom has not; what it is given is what matters here.
vi.mock('./sales-chart.tsx', () => ({
  default: ({ sales }: { sales: Dashboard['sales'] }) => (
    <p>
      Chart of {sales.period.days.length} days against {sales.previous.days.length}
    </p>
  ),
}));

function serve(answer: (url: string) => Answer = () => ({ json: createDashboard() })) {
  signInAs();
  return fakeConsoleApi({ 'GET /api/admin/dashboard': ({ url }) => answer(url) });
}

const renderHome = (route = '/admin') =>
  renderConsolePage(<ConsoleHome />, { route, path: '/admin' });

/** The custom period's message (the toaster's live region is an alert too). */
const problem = () =>
  screen
    .queryAllByRole('alert')
    .map((a) => a.textContent)
    .find(Boolean);

const dashboardCalls = (spy: ReturnType<typeof fakeConsoleApi>) =>
  callsTo(spy, 'GET', '/api/admin/dashboard').map((c) => c.url);

afterEach(() => vi.clearAllMocks());

describe('the console home: needs attention', () => {
  it('lists each queue with work in it, linked to its list and its items', async () => {
    serve(() => ({ json: createDashboard({ needsAttention: busyQueues() }) }));
    renderHome();
    const section = await screen.findByRole('region', { name: 'Needs attention' });
    const link = (name: string) => within(section).getByRole('link', { name }).getAttribute('href');

    expect(link('3 orders to ship')).toBe('/admin/orders?status=pending');
    expect(link('2 pending')).toBe('/admin/orders?status=pending');
    expect(link('1 in progress')).toBe('/admin/orders?status=in-progress');
    expect(link('SW10000001')).toBe('/admin/orders/SW10000001');
    expect(within(section).getByText('waiting 2 days')).toBeTruthy();
    expect(within(section).getByText('waiting 3 hours')).toBeTruthy();

    expect(link('1 email failed to send')).toBe('/admin/outbox?status=failed');
    expect(within(section).getByText('550 mailbox unavailable')).toBeTruthy();

    expect(link('1 return open')).toBe('/admin/returns');
    expect(link('SW10000003')).toBe('/admin/orders/SW10000003');

    expect(link('2 data requests due within 10 days')).toBe('/admin/inbox');
    expect(within(section).getByText('1 overdue')).toBeTruthy();
    expect(link('late@example.com')).toBe('/admin/inbox/data-requests/dr_1');
    expect(within(section).getByText('due 03/08/2025 (2 days overdue)')).toBeTruthy();
    expect(within(section).getByText('due 03/13/2025 (in 3 days)')).toBeTruthy();

    expect(link('1 size out of stock')).toBe('/admin/catalog');
    expect(within(section).getByText('UPF 50+ Graphic Sun Shirt, MD - Regular')).toBeTruthy();
    expect(within(section).getByText('marked out of stock')).toBeTruthy();

    expect(within(section).queryByText(/All clear/)).toBeNull();
  });

  it('says all clear only when nothing waits', async () => {
    serve();
    renderHome();
    expect(await screen.findByText('All clear: nothing is waiting for you.')).toBeTruthy();
  });

  it('one queue with work: that queue alone, and no "all clear"', async () => {
    serve(() => ({
      json: createDashboard({
        needsAttention: {
          ...createDashboard().needsAttention,
          outOfStock: busyQueues().outOfStock,
        },
      }),
    }));
    renderHome();
    const section = await screen.findByRole('region', { name: 'Needs attention' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['1 size out of stock']);
    expect(within(section).queryByText(/All clear/)).toBeNull();
  });
});

describe('the console home: sales', () => {
  it("shows the period's three figures with their change, refunds apart, the chart and its table", async () => {
    serve();
    renderHome();
    const sales = await screen.findByRole('region', { name: 'Sales' });
    expect(
      within(sales).getByText('03/07/2025 to 03/10/2025, against 03/03/2025 to 03/06/2025'),
    ).toBeTruthy();
    const figure = (label: string) =>
      within(sales).getByText(label, { selector: 'dt' }).parentElement!.textContent;
    expect(figure('Sales')).toBe(
      'Sales$200.02▲ Up 100% (before: $100.00)Refunds in the period: $50.00',
    );
    expect(figure('Orders')).toBe('Orders6▲ Up 200% (before: 2)');
    expect(figure('Average order value')).toBe(
      'Average order value$33.34▼ Down 33.3% (before: $50.00)',
    );
    expect(await within(sales).findByText('Chart of 4 days against 4')).toBeTruthy();

    await userEvent.click(within(sales).getByText('Sales by day, as a table'));
    const table = within(sales).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '03/07/2025$50.001$50.00$0.0003/03/2025$0.01',
      '03/08/2025$90.012$45.01$45.0003/04/2025$0.00',
      '03/09/2025$10.001$10.00$0.0003/05/2025$0.00',
      '03/10/2025$50.012$25.01$5.0003/06/2025$99.99',
    ]);
  });

  it('nothing before to compare with: says so, not "Infinity%"', async () => {
    const empty = createDashboard();
    empty.sales.change = { sales: null, orders: null, averageOrderValue: null };
    serve(() => ({ json: empty }));
    renderHome();
    expect(await screen.findAllByText('Nothing to compare with')).toHaveLength(3);
  });

  it('the period: 30 days first, then 7 or 90 from the URL, each asked of the server', async () => {
    const spy = serve();
    renderHome();
    await screen.findByRole('region', { name: 'Sales' });
    expect(dashboardCalls(spy)).toEqual(['/api/admin/dashboard?days=30']);
    expect((screen.getByRole('radio', { name: '30 days' }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(dashboardCalls(spy).at(-1)).toBe('/api/admin/dashboard?days=7'));
    expect((screen.getByRole('radio', { name: '7 days' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a custom period is checked beside its fields before it is asked for', async () => {
    const spy = serve();
    renderHome('/admin?days=90');
    await screen.findByRole('region', { name: 'Sales' });
    expect(dashboardCalls(spy)).toEqual(['/api/admin/dashboard?days=90']);

    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    const first = screen.getByLabelText('First day') as HTMLInputElement;
    const last = screen.getByLabelText('Last day') as HTMLInputElement;
    // Prefilled with the period shown.
    expect([first.value, last.value]).toEqual(['2025-03-07', '2025-03-10']);

    await userEvent.clear(first);
    await userEvent.type(first, '2025-03-09');
    await userEvent.clear(last);
    await userEvent.type(last, '2025-03-08');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(problem()).toBe('The first day must be on or before the last.');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(dashboardCalls(spy)).toHaveLength(1);

    await userEvent.clear(last);
    await userEvent.type(last, '2025-03-11');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(problem()).toBe('The period cannot end after today.');

    await userEvent.clear(first);
    await userEvent.type(first, '2025-02-01');
    await userEvent.clear(last);
    await userEvent.type(last, '2025-02-28');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(dashboardCalls(spy).at(-1)).toBe('/api/admin/dashboard?from=2025-02-01&to=2025-02-28'),
    );
    expect(problem()).toBeUndefined();
  });

  it('a failure says what the server said, and Try again asks again', async () => {
    let fail = true;
    serve(() =>
      fail
        ? { status: 503, json: { code: 'unavailable', message: 'The database is not answering.' } }
        : { json: createDashboard() },
    );
    renderHome();
    expect(await screen.findByText('The home could not be loaded.')).toBeTruthy();
    expect(screen.getByText('The database is not answering.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Sales' })).toBeTruthy();
  });
});
