import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, fakeApi } from '@/test/fake-api.ts';
import { dataRequest, summaryOf } from '../test/inbox-factories.ts';
import { DataRequestList } from './data-request-list.tsx';
import { DataRequestView } from './data-request-view.tsx';
import { daysLeftText } from './inbox-badges.tsx';

beforeEach(() => void signInAs());
afterEach(() => useAuthStore.setState(initialAuthState()));

describe('the data requests list', () => {
  it('shows each open request with its due date and the days left, overdue ones plainly', async () => {
    const api = fakeApi({
      'GET /api/admin/data-requests': () => ({
        json: {
          requests: [
            summaryOf(
              dataRequest({ id: 'dr_late', daysLeft: -3, overdue: true, dueBy: '2026-05-29' }),
            ),
            summaryOf(dataRequest({ id: 'dr_today', daysLeft: 0, email: 'sam@example.com' })),
            summaryOf(dataRequest({ id: 'dr_later', daysLeft: 30 })),
          ],
          next: null,
        },
      }),
    });
    renderConsolePage(<DataRequestList />, { route: '/admin/inbox' });
    const table = await screen.findByRole('table', { name: 'Open data requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)!.textContent)).toEqual([
      'Overdue by 3 days',
      'Due today',
      '30 days left',
    ]);
    expect(within(rows[0]!).getByText('05/29/2026')).toBeTruthy();
    expect(
      within(rows[1]!).getByRole('link', { name: 'sam@example.com' }).getAttribute('href'),
    ).toBe('/admin/inbox/data-requests/dr_today');
    expect(callsTo(api, 'GET', '/api/admin/data-requests')[0]!.url).toContain('status=open');
  });

  it.each([
    [-1, 'Overdue by 1 day'],
    [-10, 'Overdue by 10 days'],
    [0, 'Due today'],
    [1, 'Due tomorrow'],
    [45, '45 days left'],
  ])('reads %i days left as %j', (days, text) => {
    expect(daysLeftText(days)).toBe(text);
  });
});

describe('a data request', () => {
  const render = () =>
    renderConsolePage(
      <DataRequestView id="dr_1" customerActions={(c) => <button>Act on {c.email}</button>} />,
      {
        route: '/admin/inbox/data-requests/dr_1',
      },
    );

  it('shows the customer it is about with the page’s actions', async () => {
    fakeApi({
      'GET /api/admin/data-requests/dr_1': () => ({
        json: dataRequest({
          customers: [
            {
              id: 'cus_1',
              email: 'pat@example.com',
              name: 'Pat Lee',
              emailVerified: true,
              erasedAt: null,
              erasedGuest: false,
            },
          ],
        }),
      }),
    });
    render();
    expect((await screen.findByRole('link', { name: 'Pat Lee' })).getAttribute('href')).toBe(
      '/admin/customers/cus_1',
    );
    expect(screen.getByRole('button', { name: 'Act on pat@example.com' })).toBeTruthy();
    expect(screen.getByText('12 days left')).toBeTruthy();
  });

  it('is marked completed only with a note, once, and then offers Reopen', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/admin/data-requests/dr_1': () => ({ json: dataRequest() }),
      'PATCH /api/admin/data-requests/dr_1': () => ({
        json: dataRequest({
          status: 'completed',
          daysLeft: null,
          completedAt: '2026-06-02T10:00:00.000Z',
          completionNote: 'Export emailed.',
        }),
      }),
    });
    render();
    const mark = (await screen.findByRole('button', {
      name: 'Mark Completed',
    })) as HTMLButtonElement;
    expect(mark.disabled).toBe(true);
    await user.type(screen.getByLabelText('What was done'), 'Export emailed.');
    await user.click(mark);
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(screen.getByText('Export emailed.')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(api, 'PATCH', '/api/admin/data-requests/dr_1').map((c) => c.body)).toEqual([
        { status: 'completed', note: 'Export emailed.' },
      ]),
    );
  });
});

describe("a data request's email (decision 053)", () => {
  const render = () =>
    renderConsolePage(
      <DataRequestView
        id="dr_1"
        emailActions={(r) => <button type="button">Erase under {r.email}</button>}
      />,
      { route: '/admin/inbox/data-requests/dr_1' },
    );

  it('says it is not proven yet and offers no export or erasure', async () => {
    fakeApi({
      'GET /api/admin/data-requests/dr_1': () => ({
        json: dataRequest({ guest: { id: 'ord_1', orderCount: 2 } }),
      }),
    });
    render();
    expect(await screen.findByText('Not proven yet')).toBeTruthy();
    expect(screen.getByText(/Export and Erase open once the requester confirms/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Erase under/ })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Guest buyer with this email' }).getAttribute('href'),
    ).toBe('/admin/customers/guest/ord_1');
    expect(screen.getByText(/2 orders without an account/)).toBeTruthy();
  });

  it("says when it was proven and offers the page's export and erasure", async () => {
    fakeApi({
      'GET /api/admin/data-requests/dr_1': () => ({
        json: dataRequest({ emailProvenAt: '2026-06-02T15:30:00.000Z' }),
      }),
    });
    render();
    const proven = await screen.findByText(/Email proven/);
    expect(proven.textContent).toMatch(/Email proven 06\/02\/2026/);
    expect(screen.getByRole('button', { name: 'Erase under pat@example.com' })).toBeTruthy();
  });

  it('says an erased request keeps nothing under the email', async () => {
    fakeApi({
      'GET /api/admin/data-requests/dr_1': () => ({
        json: dataRequest({
          emailProvenAt: '2026-06-02T15:30:00.000Z',
          erased: true,
          email: '',
          customers: [
            {
              id: 'cus_9',
              email: '',
              name: '',
              emailVerified: false,
              erasedAt: '2026-06-03T10:00:00.000Z',
              erasedGuest: true,
            },
          ],
        }),
      }),
    });
    render();
    expect(await screen.findByText(/Erased: nothing is kept under the email/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Erased guest cus_9' }).getAttribute('href')).toBe(
      '/admin/customers/cus_9',
    );
    expect(screen.queryByRole('button', { name: /Erase under/ })).toBeNull();
  });
});
