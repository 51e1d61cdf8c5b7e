import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorGroup, ErrorReport } from '@sunward/core/console-errors';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, fakeApi } from '@/test/fake-api.ts';
import { ErrorGroups } from './error-groups.tsx';

const report = (id: string, url: string): ErrorReport => ({
  id,
  type: 'TypeError',
  message: "Cannot read properties of undefined (reading 'price')",
  stack: 'TypeError: x\n    at BagLine (bag.js:1:2)',
  url,
  userAgent: 'Mozilla/5.0 (iPhone)',
  requestId: `req-${id}`,
  createdAt: '2026-06-01T14:00:00.000Z',
});
const group: ErrorGroup = {
  fingerprint: 'fp1',
  type: 'TypeError',
  message: "Cannot read properties of undefined (reading 'price')",
  frame: 'at BagLine (bag.js:1:2)',
  count: 3,
  firstSeen: '2026-05-01T14:00:00.000Z',
  lastSeen: '2026-06-01T14:00:00.000Z',
  sample: report('err_3', 'https://shop.example.com/bag'),
};

beforeEach(() => void signInAs());
afterEach(() => useAuthStore.setState(initialAuthState()));

describe('the error reports', () => {
  it('lists groups with count and sample, and opens one to its reports', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/admin/errors?': () => ({
        json: { groups: [group], next: null, since: '2026-05-25T00:00:00Z' },
      }),
      'GET /api/admin/errors/fp1': () => ({
        json: {
          group,
          reports: [
            report('err_3', 'https://shop.example.com/bag'),
            report('err_2', 'https://shop.example.com/'),
          ],
          next: null,
          since: '2026-05-25T00:00:00Z',
        },
      }),
    });
    renderConsolePage(<ErrorGroups />, { route: '/admin/errors?days=30' });
    const list = await screen.findByRole('list', { name: 'Error groups' });
    expect(within(list).getByLabelText('3 reports')).toBeTruthy();
    expect(within(list).getByText('at BagLine (bag.js:1:2)')).toBeTruthy();
    expect(callsTo(api, 'GET', '/api/admin/errors?')[0]!.url).toContain('days=30');

    const open = screen.getByRole('button', { name: 'Show reports' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await user.click(open);
    expect(await screen.findByText(/https:\/\/shop\.example\.com\/$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide reports' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getAllByText(/request req-err_2/)).toHaveLength(1);
  });

  it('says so when nothing was reported', async () => {
    fakeApi({ 'GET /api/admin/errors?': () => ({ json: { groups: [], next: null, since: 'x' } }) });
    renderConsolePage(<ErrorGroups />, { route: '/admin/errors' });
    expect(await screen.findByText('No errors were reported in this period.')).toBeTruthy();
  });
});
