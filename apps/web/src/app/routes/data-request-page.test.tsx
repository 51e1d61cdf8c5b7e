import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, postsTo, renderPage } from '@/features/support/test/support-test-utils.tsx';
import DataRequestPage from './data-request-page.tsx';

async function fillAndSend(email: string, message: string) {
  if (email) await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), email);
  if (message) await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), message);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('/data-request (spec 2)', () => {
  it('sends the email and message, then says it was submitted and by when it is answered', async () => {
    const api = fakeApi({
      '/api/support/data-request': {
        status: 200,
        json: {
          id: 'dr_1',
          message: 'Thank you. We will get back to you soon.',
          dueBy: '2026-06-14',
        },
      },
    });
    renderPage(<DataRequestPage />, '/data-request');
    expect(screen.getByRole('heading', { name: 'Data Request' })).toBeTruthy();
    await fillAndSend(' pat@example.com ', 'Please delete my data.');
    expect(await screen.findByText('Form Submitted Successfully')).toBeTruthy();
    expect(screen.getByText('We will answer your request by June 14, 2026.')).toBeTruthy();
    expect(postsTo(api, '/api/support/data-request')[0]!.body).toEqual({
      email: 'pat@example.com',
      message: 'Please delete my data.',
    });
  });

  it("toasts 'Form Submission Failed' when the server refuses (no client validation: spec 5)", async () => {
    const api = fakeApi({
      '/api/support/data-request': {
        status: 400,
        json: { code: 'invalid_request', message: 'email: must be an email address' },
      },
    });
    renderPage(<DataRequestPage />, '/data-request');
    await fillAndSend('', 'Delete my data');
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('Form Submission Failed')).toBeTruthy();
    expect(postsTo(api, '/api/support/data-request')).toHaveLength(1);
    expect(screen.queryByText('Form Submitted Successfully')).toBeNull();
  });

  it("toasts 'Form Submission Failed' on a server error", async () => {
    fakeApi({
      '/api/support/data-request': { status: 503, json: { code: 'internal', message: 'x' } },
    });
    renderPage(<DataRequestPage />, '/data-request');
    await fillAndSend('pat@example.com', 'Delete my data');
    expect(await screen.findByText('Form Submission Failed')).toBeTruthy();
  });
});
