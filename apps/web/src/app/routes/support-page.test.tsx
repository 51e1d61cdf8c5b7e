import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { fakeApi, postsTo, renderPage } from '@/features/support/test/support-test-utils.tsx';
import SupportPage from './support-page.tsx';

const STATE = { orderNumber: '7KQ2M9XD4R', previousUrl: '/account' };
const OK = {
  status: 200,
  json: { id: 'sup_1', message: 'Thank you. We will get back to you soon.' },
};

async function sendMessage(text: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), text);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('/support (spec 2)', () => {
  it.each([
    ['no state', undefined],
    ['a state without an order number', { previousUrl: '/account' }],
    ['an empty order number', { orderNumber: ' ', previousUrl: '/account' }],
  ])('with %s, goes to /order-lookup', async (_what, state) => {
    const api = fakeApi({});
    renderPage(<SupportPage />, '/support', state);
    expect(await screen.findByRole('heading', { name: 'Landed on /order-lookup' })).toBeTruthy();
    expect(postsTo(api, '/api/support')).toHaveLength(0);
  });

  it('shows the order number, sends the message and says it was submitted', async () => {
    const api = fakeApi({ '/api/support': OK });
    renderPage(<SupportPage />, '/support', STATE);
    expect(screen.getByRole('heading', { name: 'Support' })).toBeTruthy();
    expect(screen.getByText('7KQ2M9XD4R')).toBeTruthy();
    await sendMessage('My shirt is too long.');
    const status = await screen.findByText('Form Submitted Successfully');
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    const [call] = postsTo(api, '/api/support');
    expect(call!.body).toEqual({ orderNumber: '7KQ2M9XD4R', message: 'My shirt is too long.' });
    expect(call!.headers.get('authorization')).toBeNull();
  });

  it("sends a signed-in shopper's token", async () => {
    useAuthStore.setState({
      status: 'signedIn',
      user: { sub: 'u1', name: 'Riley', email: 'riley@example.com', emailVerified: true },
      actions: {
        ...useAuthStore.getState().actions,
        accessToken: vi.fn(async () => 'token-1'),
      },
    });
    const api = fakeApi({ '/api/support': OK });
    renderPage(<SupportPage />, '/support', STATE);
    await sendMessage('Hello');
    await screen.findByText('Form Submitted Successfully');
    expect(postsTo(api, '/api/support')[0]!.headers.get('authorization')).toBe('Bearer token-1');
  });

  it.each([
    [
      'a 400',
      { status: 400, json: { code: 'invalid_request', message: 'message: must not be empty' } },
    ],
    ['a 429', { status: 429, json: { code: 'rate_limited', message: 'Too many requests.' } }],
    ['a 500', { status: 500, json: { code: 'internal', message: 'Oops' } }],
    ['a 201', { status: 201, json: {} }],
    ['no answer', 'network' as const],
  ])("toasts 'Form Submission Failed' on %s and keeps the message", async (_what, answer) => {
    fakeApi({ '/api/support': answer });
    renderPage(<SupportPage />, '/support', STATE);
    await sendMessage('Hello there');
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('Form Submission Failed')).toBeTruthy();
    expect(screen.queryByText('Form Submitted Successfully')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      'Hello there',
    );
  });

  it('goes back to the page it came from', async () => {
    fakeApi({});
    renderPage(<SupportPage />, '/support', STATE);
    await userEvent.click(screen.getByRole('link', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /account' })).toBeTruthy();
  });

  it.each(['//evil.example', 'https://evil.example/', undefined])(
    'offers no Go Back link to %s',
    (previousUrl) => {
      fakeApi({});
      renderPage(<SupportPage />, '/support', { orderNumber: 'A1', previousUrl });
      expect(screen.queryByRole('link', { name: 'Go Back' })).toBeNull();
      expect(screen.getByText('A1')).toBeTruthy();
    },
  );
});
