import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, postsTo, renderPage } from '@/features/support/test/support-test-utils.tsx';
import DataRequestConfirmPage from './data-request-confirm-page.tsx';

const PROOF = '/api/support/data-request/proof';
const open = (search: string) =>
  renderPage(<DataRequestConfirmPage />, '/data-request/confirm', undefined, search);
const confirm = () => userEvent.click(screen.getByRole('button', { name: 'Confirm My Email' }));

describe('/data-request/confirm (decision 053)', () => {
  it('changes nothing when opened; the button confirms the email and says so', async () => {
    const api = fakeApi({
      [PROOF]: {
        status: 200,
        json: { provenAt: '2026-11-29T08:00:00.000Z', alreadyProven: false },
      },
    });
    open('?token=abc.def');
    expect(screen.getByRole('heading', { name: 'Confirm Your Email' })).toBeTruthy();
    expect(postsTo(api, PROOF)).toEqual([]);
    await confirm();
    expect(await screen.findByRole('heading', { name: 'Email Confirmed' })).toBeTruthy();
    expect(screen.getByText(/we know now that this email address is yours/)).toBeTruthy();
    expect(postsTo(api, PROOF).map((p) => p.body)).toEqual([{ token: 'abc.def' }]);
  });

  it('says when the email was already confirmed', async () => {
    fakeApi({
      [PROOF]: { status: 200, json: { provenAt: '2026-11-20T15:00:00.000Z', alreadyProven: true } },
    });
    open('?token=abc.def');
    await confirm();
    expect(
      await screen.findByText(/You had already confirmed this email address on 11\/2\d\/2026/),
    ).toBeTruthy();
  });

  it('says the link expired and offers a new request', async () => {
    fakeApi({
      [PROOF]: { status: 410, json: { code: 'link_expired', message: 'This link has expired.' } },
    });
    open('?token=abc.def');
    await confirm();
    expect(await screen.findByRole('heading', { name: 'This Link Has Expired' })).toBeTruthy();
    expect(screen.getByText(/Nothing was confirmed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a New Request' }).getAttribute('href')).toBe(
      '/data-request',
    );
  });

  it('says a changed link is not valid, and so is one without a token', async () => {
    fakeApi({
      [PROOF]: { status: 400, json: { code: 'invalid_link', message: 'This link is not valid.' } },
    });
    const { unmount } = open('?token=abc.changed');
    await confirm();
    expect(await screen.findByRole('heading', { name: 'This Link Is Not Valid' })).toBeTruthy();
    expect(screen.getByText(/not one we sent, or it was changed/)).toBeTruthy();
    unmount();
    open('');
    expect(screen.getByRole('heading', { name: 'This Link Is Not Valid' })).toBeTruthy();
    expect(screen.getByText(/This link is not complete/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm My Email' })).toBeNull();
  });

  it('keeps the button for another try when the server cannot be reached', async () => {
    fakeApi({
      [PROOF]: { status: 503, json: { code: 'unavailable', message: 'Try again soon.' } },
    });
    open('?token=abc.def');
    await confirm();
    expect((await screen.findByText('Try again soon.')).getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: 'Confirm My Email' })).toBeTruthy();
  });
});
