import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { supportMessage } from '../test/inbox-factories.ts';
import { SupportMessageView, SupportStatusButton, fromWords } from './support-message-view.tsx';
import { useSupportMessage } from '../api/get-support-message.ts';

function Page() {
  const { data } = useSupportMessage('sup_1');
  return (
    <>
      {data ? <SupportStatusButton message={data} /> : null}
      <SupportMessageView id="sup_1" />
    </>
  );
}
const reply = () => screen.getByLabelText('Your reply to pat@example.com') as HTMLTextAreaElement;
const render = () => renderConsolePage(<Page />, { route: '/admin/inbox/support/sup_1' });

beforeEach(() => void signInAs());
afterEach(() => useAuthStore.setState(initialAuthState()));

describe('a support message in the console', () => {
  it('shows the sender, the order as a link to the console order, and the message', async () => {
    fakeApi({ 'GET /api/admin/support/sup_1': () => ({ json: supportMessage() }) });
    render();
    expect(await screen.findByText(/My shirt is too long\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'AB12CD34EF' }).getAttribute('href')).toBe(
      '/admin/orders/AB12CD34EF',
    );
    expect(screen.getByText('$94.28')).toBeTruthy();
    expect(screen.getByLabelText('Your reply to pat@example.com')).toBeTruthy();
  });

  it('says where a reply goes when the guest gave no address: the order’s email', async () => {
    fakeApi({
      'GET /api/admin/support/sup_1': () => ({
        json: supportMessage({ email: null, replyTo: 'pat@example.com' }),
      }),
    });
    render();
    expect(
      await screen.findByText('pat@example.com (no address given: the email of order AB12CD34EF)'),
    ).toBeTruthy();
    expect(screen.queryByText('No address given')).toBeNull();
    expect(screen.getByLabelText('Your reply to pat@example.com')).toBeTruthy();
    const message = supportMessage({ email: null, replyTo: null });
    expect(fromWords(message)).toBe('No address given (a reply cannot be sent)');
    expect(
      fromWords({
        ...message,
        order: null,
        replyTo: 'kim@example.com',
        customer: { id: 'cus_1', email: 'kim@example.com', name: 'Kim' },
      }),
    ).toBe('kim@example.com (no address given: the customer’s account)');
  });

  it('sends one reply however often Send is pressed, and shows it once the server answers', async () => {
    const user = userEvent.setup();
    const held = deferred<Answer>();
    const api = fakeApi({
      'GET /api/admin/support/sup_1': () => ({ json: supportMessage() }),
      'POST /api/admin/support/sup_1/replies': () => held.promise,
    });
    render();
    await user.type(await screen.findByLabelText('Your reply to pat@example.com'), 'It runs true.');
    const send = screen.getByRole('button', { name: 'Send Reply' });
    await user.click(send);
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Sending…' }));
    const calls = callsTo(api, 'POST', '/api/admin/support/sup_1/replies');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ body: 'It runs true.', idempotencyKey: expect.any(String) });
    expect(calls[0]!.headers.get('authorization')).toMatch(/^Bearer /);

    held.resolve({
      json: {
        created: true,
        message: supportMessage({
          status: 'answered',
          replies: [
            {
              id: 'spr_1',
              body: 'It runs true.',
              toAddress: 'pat@example.com',
              operatorEmail: 'olivia@sunward.test',
              createdAt: '2026-06-01T15:00:00.000Z',
              emailId: 'em_1',
              emailStatus: 'logged',
            },
          ],
        }),
      },
    });
    const replies = await screen.findByRole('list');
    expect(within(replies).getByText('It runs true.')).toBeTruthy();
    expect(reply().value).toBe('');
    expect(await screen.findByText('Reply sent to pat@example.com')).toBeTruthy();
  });

  it('says why a reply failed, keeps the words, and retries with the same key', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const api = fakeApi({
      'GET /api/admin/support/sup_1': () => ({ json: supportMessage() }),
      'POST /api/admin/support/sup_1/replies': () =>
        ++attempt === 1
          ? { status: 503, json: { code: 'internal', message: 'The mail queue is down.' } }
          : { json: { created: true, message: supportMessage({ status: 'answered' }) } },
    });
    render();
    await user.type(await screen.findByLabelText('Your reply to pat@example.com'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('The reply was not sent: The mail queue is down.')).toBeTruthy();
    expect(reply().value).toBe('Hello');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(callsTo(api, 'POST', '/api/admin/support')).toHaveLength(2));
    const [first, second] = callsTo(api, 'POST', '/api/admin/support');
    expect((second!.body as { idempotencyKey: string }).idempotencyKey).toBe(
      (first!.body as { idempotencyKey: string }).idempotencyKey,
    );
  });

  it('offers no reply form without an address, and closes the message', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/admin/support/sup_1': () => ({
        json: supportMessage({ replyTo: null, email: null }),
      }),
      'PATCH /api/admin/support/sup_1': () => ({
        json: supportMessage({ replyTo: null, email: null, status: 'closed' }),
      }),
    });
    render();
    expect(await screen.findByText(/There is no address to reply to/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Reply' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(callsTo(api, 'PATCH', '/api/admin/support/sup_1')[0]!.body).toEqual({
      status: 'closed',
    });
  });
});
