import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReviewableOrder } from '@sunward/core/review-schemas';
import { renderWithProviders } from '@/test/render.tsx';
import { ReviewOrder } from './review-order.tsx';

const TOKEN = 'b3JkOjE.sig';

/** The API: the order's designs (Alaska to review, Arizona reviewed), and the answers to POST /api/reviews. */
function fakeApi(answers: Response[]) {
  const order: ReviewableOrder = {
    orderNumber: 'SW-1001',
    designs: [
      { design: 'alaska', sizes: ['mdr', 'lgr'], reviewed: false },
      { design: 'arizona', sizes: ['sms'], reviewed: true },
    ],
  };
  const posted: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return answers.shift()!;
    }
    if (String(input).startsWith('/api/reviews/order?')) {
      return new Response(JSON.stringify(order), { status: 200 });
    }
    return new Response(JSON.stringify({ message: `Not found: ${String(input)}` }), {
      status: 404,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posted, fetchMock };
}

describe('ReviewOrder', () => {
  it('shows a form per design to review, the size filled in, and the server’s message by its field', async () => {
    const { posted } = fakeApi([
      new Response(
        JSON.stringify({
          message: 'Stars: choose 1 to 5 stars.',
          code: 'invalid',
          fields: { stars: 'Stars: choose 1 to 5 stars.' },
        }),
        { status: 422 },
      ),
      new Response(JSON.stringify({ id: 'rv_1', status: 'new' }), { status: 201 }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<ReviewOrder proof={{ token: TOKEN }} />);
    expect(await screen.findByText('Thank you: your review of Arizona is with us.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Review Alaska' });
    expect((within(form).getByLabelText('Size bought') as HTMLSelectElement).value).toBe('mdr');
    await user.click(within(form).getByRole('radio', { name: 'Runs small' }));
    await user.type(within(form).getByLabelText('Title (optional)'), '<b>Snug</b>');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Stars: choose 1 to 5 stars.',
    );
    expect(posted[0]).toMatchObject({
      token: TOKEN,
      review: { design: 'alaska', fit: 'runs-small', size: 'mdr', title: '<b>Snug</b>' },
    });
    expect(posted[0]).not.toHaveProperty('review.stars');

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ review: { stars: 4 } });
  });

  it('says why a link does not work', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: 'This review link is not valid or has expired.',
              code: 'invalid_link',
            }),
            { status: 403 },
          ),
      ),
    );
    renderWithProviders(<ReviewOrder proof={{ token: 'made-up' }} />);
    const message = await screen.findByText('This review link is not valid or has expired.');
    expect(message.getAttribute('role')).toBe('alert');
  });
});
