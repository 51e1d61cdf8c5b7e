import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeConsoleApi, renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, type Answer } from '@/test/fake-api.ts';
import type { OperatorAction } from '@sunward/core/console-activity';
import { actionWords, detailWords } from './action-words.ts';
import { ActivityList } from './activity-list.tsx';

const action = (overrides: Partial<OperatorAction> = {}): OperatorAction => ({
  id: 'opa_1',
  at: '2026-07-04T16:05:00.000Z',
  operatorId: 'cus_olivia',
  operatorEmail: 'olivia@sunward.test',
  action: 'order.ship',
  targetType: 'order',
  targetId: 'SW10000001',
  detail: {
    from: 'in-progress',
    to: 'shipped',
    carrier: 'usps',
    tracking: '9400100000000000000000',
  },
  ...overrides,
});

function serve(answer: (url: URL) => Answer) {
  signInAs();
  return fakeConsoleApi({
    'GET /api/admin/activity': ({ url }) => answer(new URL(url, 'http://shop.test')),
  });
}

const renderActivity = (route = '/admin/activity') =>
  renderConsolePage(<ActivityList />, { route, path: '/admin/activity' });

const activityCalls = (spy: ReturnType<typeof fakeConsoleApi>) =>
  callsTo(spy, 'GET', '/api/admin/activity').map((c) => c.url);

describe('the activity page', () => {
  it('lists who did what, when and on what, newest first, with orders linked', async () => {
    serve(() => ({
      json: {
        actions: [
          action(),
          action({
            id: 'opa_0',
            at: '2026-07-04T15:00:00.000Z',
            action: 'role.grant',
            targetType: 'customer',
            targetId: 'casey@example.com',
            operatorEmail: 'cli:deploy',
            detail: {},
          }),
        ],
        next: null,
      },
    }));
    renderActivity();
    const table = await screen.findByRole('table', { name: "Operators' actions, newest first" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        '07/04/2026 12:05 PM EDT',
        'olivia@sunward.test',
        'Shipped',
        'Order SW10000001',
        'in-progress → shipped; carrier: usps; tracking: 9400100000000000000000',
      ],
      [
        '07/04/2026 11:00 AM EDT',
        'cli:deploy',
        'Granted the operator role',
        'Customer casey@example.com',
        '–',
      ],
    ]);
    expect(within(table).getByRole('link', { name: 'SW10000001' }).getAttribute('href')).toBe(
      '/admin/orders/SW10000001',
    );
    expect(screen.queryByRole('navigation', { name: 'Pages of the activity' })).toBeNull();
  });

  it('pages with the cursor the server gives: Older, then Newer', async () => {
    const spy = serve((url) =>
      url.searchParams.get('before')
        ? { json: { actions: [action({ id: 'opa_old', targetId: 'SW0LD00001' })], next: null } }
        : { json: { actions: [action()], next: '2026-07-04T16:05:00.000Z|opa_1' } },
    );
    renderActivity();
    await screen.findByRole('link', { name: 'SW10000001' });
    expect(activityCalls(spy)).toEqual(['/api/admin/activity?limit=50']);

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('link', { name: 'SW0LD00001' })).toBeTruthy();
    expect(activityCalls(spy).at(-1)).toBe(
      '/api/admin/activity?limit=50&before=2026-07-04T16%3A05%3A00.000Z%7Copa_1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByRole('link', { name: 'SW10000001' })).toBeTruthy();
  });

  it("one thing's history: its type and id go to the server together", async () => {
    const spy = serve(() => ({ json: { actions: [], next: null } }));
    renderActivity('/admin/activity?targetType=order');
    expect(
      await screen.findByText(/Choose what the actions are on and enter its number/),
    ).toBeTruthy();
    expect(activityCalls(spy)).toEqual(['/api/admin/activity?limit=50']);

    await userEvent.type(screen.getByLabelText('Its number or id'), 'SW10000001{Enter}');
    await waitFor(() =>
      expect(activityCalls(spy).at(-1)).toBe(
        '/api/admin/activity?limit=50&targetType=order&targetId=SW10000001',
      ),
    );
    expect(await screen.findByText('Nothing has been done on this yet.')).toBeTruthy();
  });

  it('a failure says so, with Try again', async () => {
    serve(() => ({ status: 500, json: { code: 'internal', message: 'Something broke.' } }));
    renderActivity();
    expect(await screen.findByText('The activity could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('action words', () => {
  it.each([
    ['order.start-fulfilment', 'Started fulfilment'],
    ['inventory.mark-out-of-stock', 'Inventory: mark out of stock'],
    ['settings.update', 'Settings: update'],
    ['customer_erase', 'Customer erase'],
  ])('%s reads "%s"', (action, words) => {
    expect(actionWords(action)).toBe(words);
  });

  it('details: a change of status, then the rest as name: value', () => {
    expect(detailWords({ from: 'pending', to: 'cancelled', amountRefunded: 5000 })).toBe(
      'pending → cancelled; amount refunded: 5000',
    );
    expect(detailWords({ sizes: ['mdr', 'lgr'] })).toBe('sizes: ["mdr","lgr"]');
    expect(detailWords({ note: 'x'.repeat(400) })).toHaveLength(240);
  });
});
