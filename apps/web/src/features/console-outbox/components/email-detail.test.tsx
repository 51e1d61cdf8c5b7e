import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ONE_TIME_LINK_HIDDEN, type EmailDetail } from '@sunward/core/console-outbox';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, fakeApi } from '@/test/fake-api.ts';
import { EmailDetailView } from './email-detail.tsx';
import { PREVIEW_POLICY, previewDocument } from './email-preview.tsx';

const email = (overrides: Partial<EmailDetail> = {}): EmailDetail => ({
  id: 'em_1',
  kind: 'order-confirmation',
  to: 'pat@example.com',
  subject: 'Sunward order AB12 confirmed',
  status: 'failed',
  attempts: 5,
  lastError: '451 try again later',
  createdAt: '2026-06-01T14:00:00.000Z',
  sentAt: null,
  resentFrom: null,
  replyTo: null,
  html: '<!doctype html><html><head><title>x</title></head><body><p>Thanks</p><script>parent.alert(1)</script></body></html>',
  text: 'Thanks',
  copies: [],
  ...overrides,
});
const render = () =>
  renderConsolePage(<EmailDetailView id="em_1" hrefOf={(id) => `?email=${id}`} />, {
    route: '/admin/outbox',
  });

beforeEach(() => void signInAs());
afterEach(() => useAuthStore.setState(initialAuthState()));

describe('an email in the outbox', () => {
  it('previews the HTML in a frame where nothing runs and nothing loads', async () => {
    fakeApi({ 'GET /api/admin/emails/em_1': () => ({ json: email() }) });
    render();
    const frame = (await screen.findByTitle(
      'Preview of “Sunward order AB12 confirmed”',
    )) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    const doc = frame.getAttribute('srcdoc')!;
    expect(doc.indexOf(PREVIEW_POLICY)).toBeGreaterThan(doc.indexOf('<head>'));
    expect(doc.indexOf(PREVIEW_POLICY)).toBeLessThan(doc.indexOf('<title>'));
    expect(screen.getByText('451 try again later')).toBeTruthy();
  });

  it('puts the policy first in a body without a head', () => {
    expect(previewDocument('<p>Hi</p>')).toBe(
      `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}"><p>Hi</p>`,
    );
  });

  it('queues a failed email again with one request per click', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/admin/emails/em_1': () => ({ json: email() }),
      'POST /api/admin/emails/em_1/resend': () => ({
        json: { outcome: 'requeued', email: { ...email({ status: 'queued', attempts: 0 }) } },
      }),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Queue Again' }));
    expect(await screen.findByText('Queued again: the mailer is sending it.')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(api, 'POST', '/api/admin/emails/em_1/resend')).toHaveLength(1),
    );
    expect(callsTo(api, 'POST', '/api/admin/emails/em_1/resend')[0]!.body).toEqual({
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
    });
  });

  it('says why a link is hidden, and that Re-send still sends it', async () => {
    const hidden = `Choose a new password: ${ONE_TIME_LINK_HIDDEN}`;
    fakeApi({
      'GET /api/admin/emails/em_1': () => ({
        json: email({
          kind: 'reset-password',
          status: 'sent',
          html: `<p>${hidden}</p>`,
          text: hidden,
        }),
      }),
    });
    const view = render();
    expect(
      await screen.findByText(
        'One-time links are hidden here: whoever opens one acts as the customer. Re-sending sends ' +
          'the email as it was, link included, to its recipient only.',
      ),
    ).toBeTruthy();
    view.unmount();

    fakeApi({ 'GET /api/admin/emails/em_1': () => ({ json: email() }) });
    render();
    await screen.findByRole('button', { name: 'Queue Again' });
    expect(screen.queryByText(/One-time links are hidden here/)).toBeNull();
  });

  it('offers no re-send while it is on its way, nor once its recipient was erased', async () => {
    fakeApi({ 'GET /api/admin/emails/em_1': () => ({ json: email({ status: 'queued' }) }) });
    const view = render();
    const button = (await screen.findByRole('button', {
      name: 'Send a Copy',
    })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('It is on its way already.')).toBeTruthy();
    view.unmount();

    fakeApi({
      'GET /api/admin/emails/em_1': () => ({
        json: email({ status: 'sent', to: '', html: '', text: '' }),
      }),
    });
    render();
    expect(
      ((await screen.findByRole('button', { name: 'Send a Copy' })) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      screen.getByText('No body: the recipient’s personal data was erased.'.replace('’', "'")),
    ).toBeTruthy();
  });
});
