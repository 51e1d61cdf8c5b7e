import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FailedJob, JobKind, JobsOverview } from '@sunward/core/console-jobs';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { fakeConsoleApi, renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, type Answer } from '@/test/fake-api.ts';
import { JobsOverview as JobsOverviewView } from './jobs-overview.tsx';

const kind = (overrides: Partial<JobKind> = {}): JobKind => ({
  name: 'email.deliver',
  label: 'Email delivery',
  purpose: 'Sends each email the shop queues.',
  queued: 2,
  running: 1,
  failed: 1,
  ...overrides,
});
const failedJob = (overrides: Partial<FailedJob> = {}): FailedJob => ({
  id: 'job-1',
  name: 'email.deliver',
  label: 'Email delivery',
  attempts: 10,
  error: '421 Service not available',
  failedAt: '2026-06-01T14:00:00.000Z',
  about: 'Email “Your order SW-1001” to j***@example.com',
  target: { type: 'email', id: 'em_1' },
  ...overrides,
});
const overview = (failed: FailedJob[], kinds = [kind({ failed: failed.length })]): Answer => ({
  json: { kinds, failed } satisfies JobsOverview,
});
const render = () => renderConsolePage(<JobsOverviewView />, { route: '/admin/jobs' });

beforeEach(() => void signInAs());
afterEach(() => useAuthStore.setState(initialAuthState()));

describe('the jobs screen', () => {
  it('lists each kind with its counts and the failed jobs with error, when and attempts', async () => {
    fakeConsoleApi({
      'GET /api/admin/jobs': () =>
        overview(
          [failedJob(), failedJob({ id: 'job-2', target: null, about: 'The run for the period' })],
          [
            kind({ failed: 2 }),
            kind({
              name: 'stock.expired-holds',
              label: 'Expired stock holds',
              queued: 0,
              running: 0,
              failed: 0,
            }),
          ],
        ),
    });
    render();
    const kinds = await screen.findByRole('table', {
      name: 'Kinds of job with how many wait, run or failed',
    });
    const email = within(kinds).getByRole('row', { name: /Email delivery/ });
    expect(
      within(email)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Email deliverySends each email the shop queues.', '2', '1', '2']);
    expect(within(kinds).getByRole('row', { name: /Expired stock holds/ })).toBeTruthy();

    expect(screen.getByRole('heading', { level: 2, name: 'Failed jobs' })).toBeTruthy();
    const failed = screen.getByRole('table', { name: 'Failed jobs, newest first' });
    const [first] = within(failed).getAllByRole('row').slice(1);
    expect(within(first!).getByText('421 Service not available')).toBeTruthy();
    expect(within(first!).getByText('10')).toBeTruthy();
    expect(within(first!).getByRole('time').getAttribute('datetime')).toBe(
      '2026-06-01T14:00:00.000Z',
    );
    // What it was for leads to the email in the outbox.
    expect(
      within(first!).getByRole('link', { name: 'Email “Your order SW-1001” to j***@example.com' }),
    ).toHaveProperty('href', expect.stringMatching(/\/admin\/outbox\?email=em_1$/));
    const retry = within(first!).getByRole('button', { name: 'Retry' });
    expect(retry.getAttribute('aria-describedby')).toBe('job-about-job-1');
    expect(within(failed).getByText('The run for the period')).toBeTruthy();
  });

  it('says so when no job has failed', async () => {
    fakeConsoleApi({ 'GET /api/admin/jobs': () => overview([], [kind({ failed: 0 })]) });
    render();
    expect(await screen.findByText('No job has failed.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Failed jobs, newest first' })).toBeNull();
  });

  it('Retry: disabled while it runs, a toast when queued, and the list loads again', async () => {
    const user = userEvent.setup();
    let failed = [failedJob()];
    const answer = deferred<Answer>();
    const api = fakeConsoleApi({
      'GET /api/admin/jobs': () => overview(failed),
      'POST /api/admin/jobs/job-1/retry': () => answer.promise,
    });
    render();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    await user.click(retry);
    const pending = screen.getByRole('button', { name: 'Retrying…' }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    await user.click(pending);
    failed = [];
    answer.resolve({ json: { id: 'job-1', queued: true } });
    expect(await screen.findByText('Email delivery: queued to run again.')).toBeTruthy();
    expect(await screen.findByText('No job has failed.')).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/admin/jobs/job-1/retry')).toHaveLength(1);
    await waitFor(() => expect(callsTo(api, 'GET', '/api/admin/jobs')).toHaveLength(2));
  });

  it('shows the server’s message when Retry fails', async () => {
    const user = userEvent.setup();
    fakeConsoleApi({
      'GET /api/admin/jobs': () => overview([failedJob()]),
      'POST /api/admin/jobs/job-1/retry': () => ({
        status: 404,
        json: {
          code: 'not_found',
          message: 'There is no failed job with this id: it may have been retried already.',
        },
      }),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    const failed = screen.getByRole('table', { name: 'Failed jobs, newest first' });
    expect((await within(failed).findByRole('alert')).textContent).toBe(
      'There is no failed job with this id: it may have been retried already.',
    );
    expect((screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('says when the jobs could not be loaded', async () => {
    fakeConsoleApi({
      'GET /api/admin/jobs': () => ({
        status: 500,
        json: { code: 'internal', message: 'Something went wrong on our side.' },
      }),
    });
    render();
    expect(await screen.findByText('The jobs could not be loaded.')).toBeTruthy();
  });
});
