import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import {
  RETURN_ID,
  receivedDetail,
  returnDetail,
  unitView,
} from '../test/console-returns-factories.ts';
import { ReturnDetailView } from './return-detail.tsx';

const URL = `/api/admin/returns/${RETURN_ID}`;

type Handler = (call: { url: string; body: unknown }) => Answer | Promise<Answer>;

function renderReturn(routes: Record<string, Handler>) {
  // The shop's bag follows every sign-in (shared/bag), the console's too.
  const api = fakeApi({ 'GET /api/cart/': () => ({ json: [] }), ...routes });
  renderConsolePage(<ReturnDetailView returnId={RETURN_ID} />, {
    route: `/admin/returns/${RETURN_ID}`,
  });
  return api;
}

beforeEach(() => {
  signInAs();
});
afterEach(() => {
  useAuthStore.setState(initialAuthState());
});

describe('a return in the console', () => {
  it('shows its units with type, reason and exchange size, its figures, label, exchange and timeline', async () => {
    renderReturn({ [`GET ${URL}`]: () => ({ json: returnDetail() }) });
    // The first render of the file loads the page's modules: a busy machine may take a while.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Return #1 of order SW-1001' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const units = within(screen.getByRole('region', { name: 'Units' })).getAllByRole('listitem');
    expect(units).toHaveLength(3);
    expect(units[0]!.textContent).toContain('Refund');
    expect(units[0]!.textContent).toContain('Too tight');
    expect(units[1]!.textContent).toContain('Exchange');
    expect(units[1]!.textContent).toMatch(/For LG.*Back/);
    expect(units[2]!.textContent).toContain('Keep');
    expect(screen.getByRole('link', { name: 'SW-1001' }).getAttribute('href')).toBe(
      '/admin/orders/SW-1001',
    );
    expect(screen.getByRole('link', { name: 'SW-2002' }).getAttribute('href')).toBe(
      '/admin/orders/SW-2002',
    );
    expect(screen.getByRole('link', { name: 'Open the label' }).getAttribute('href')).toBe(
      'http://localhost/api/returns/labels/tok.pdf',
    );
    expect(screen.getByText('$47.14', { selector: '.console-returns__total *' })).toBeTruthy();
    expect(screen.getByText('Return #1 requested')).toBeTruthy();
  });

  it('its figures add up: the units refunded, the tax refund, less the fee, make the refund (issue 23)', async () => {
    const later = returnDetail({
      seq: 2,
      units: [
        unitView(),
        unitView({ itemId: 1 }),
        unitView({ itemId: 2, returnType: 'Keep', returnReason: '' }),
      ],
      totalSalesTaxRefund: 428,
      shippingFee: 620,
      refundAmount: 8808,
      exchangeOrderNumber: null,
      exchangeOrder: null,
    });
    renderReturn({ [`GET ${URL}`]: () => ({ json: later }) });
    const summary = await screen.findByRole('region', { name: 'Summary' }, { timeout: 5000 });
    const figures = summary.querySelector('.console-returns__figures')!;
    const rows = [...figures.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(rows).toEqual([
      ['Units refunded', '$90.00'],
      ['Sales tax refund', '$4.28'],
      ['Return shipping fee', '-$6.20'],
      ['Refund amount', '$88.08'],
    ]);
  });

  it('marks it received with the restock choices; the answer replaces the page', async () => {
    const answer = deferred<Answer>();
    const api = renderReturn({
      [`GET ${URL}`]: () => ({ json: returnDetail() }),
      [`POST ${URL}/receive`]: () => answer.promise,
    });
    const user = userEvent.setup();
    const restockExchange = await screen.findByRole('checkbox', {
      name: 'Restock Alaska, MD - Regular, Front (unit 2)',
    });
    await user.click(restockExchange);
    expect(screen.queryByRole('checkbox', { name: /Restock .*\(unit 3\)/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark received' }));
    const busy = screen.getByRole('button', { name: 'Marking received…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(callsTo(api, 'POST', `${URL}/receive`).map((c) => c.body)).toEqual([
      {
        units: [
          { itemId: 0, restock: true },
          { itemId: 1, restock: false },
        ],
      },
    ]);
    answer.resolve({ json: receivedDetail() });
    expect(await screen.findByText('Received', { selector: '.status-badge' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark received' })).toBeNull();
    expect(screen.getByText('Restocked')).toBeTruthy();
    expect(screen.getByText('Not restocked')).toBeTruthy();
  });

  it('refunds only after a confirm naming the amount and the card, with one key per refund', async () => {
    let refunded: ReturnDetail | null = null;
    const api = renderReturn({
      [`GET ${URL}`]: () => ({ json: receivedDetail() }),
      [`POST ${URL}/refund`]: ({ body }) => {
        const { amount } = body as { amount: number };
        refunded = receivedDetail({
          status: 'refunded',
          refund: { amount, reason: 'Stain on the front', at: '2026-11-23T10:00:00.000Z' },
          order: { ...receivedDetail().order, status: 'refund', amountRefunded: amount },
          actions: { receive: false, refund: false, refundWithoutReceipt: false, close: false },
        });
        return { json: refunded };
      },
    });
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: 'Amount (USD)' });
    expect((amount as HTMLInputElement).value).toBe('47.14');

    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(screen.getByText('At most $47.14 for this return.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(amount);
    await user.type(amount, '40.00');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Stain on the front');
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this return?' });
    expect(dialog.textContent).toContain(
      '$40.00 goes back to the Visa card ending in 4242 for order SW-1001',
    );
    expect(callsTo(api, 'POST', `${URL}/refund`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund $40.00' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const calls = callsTo(api, 'POST', `${URL}/refund`);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      amount: 4000,
      reason: 'Stain on the front',
      withoutReceipt: false,
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(await screen.findByText('Refunded', { selector: '.status-badge' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund…' })).toBeNull();
  });

  it('a refusal stays in the dialog with the server’s words; the retry sends the same key', async () => {
    let tries = 0;
    const api = renderReturn({
      [`GET ${URL}`]: () => ({ json: receivedDetail() }),
      [`POST ${URL}/refund`]: () =>
        ++tries === 1
          ? {
              status: 502,
              json: { code: 'refund_failed', message: 'The payment provider refused the refund.' },
            }
          : { json: receivedDetail({ status: 'refunded' }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund $47.14' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The payment provider refused the refund.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund $47.14' }));
    await waitFor(() => expect(tries).toBe(2));
    const keys = callsTo(api, 'POST', `${URL}/refund`).map(
      (c) => (c.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys[0]).toBe(keys[1]);
  });

  it('before receipt, a refund needs Refund without receipt ticked', async () => {
    const api = renderReturn({
      [`GET ${URL}`]: () => ({ json: returnDetail() }),
      [`POST ${URL}/refund`]: () => ({ json: returnDetail({ status: 'refunded' }) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    expect(
      screen.getByText('Mark the return received first, or tick Refund without receipt.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Refund without receipt/ }));
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, refund $47.14' }),
    );
    await waitFor(() => expect(callsTo(api, 'POST', `${URL}/refund`)).toHaveLength(1));
    expect(callsTo(api, 'POST', `${URL}/refund`)[0]!.body).toMatchObject({ withoutReceipt: true });
  });

  it('closes with a reason; the server’s refusal is shown', async () => {
    const api = renderReturn({
      [`GET ${URL}`]: () => ({ json: receivedDetail() }),
      [`POST ${URL}/close`]: ({ body }) =>
        (body as { reason?: string }).reason
          ? {
              json: receivedDetail({
                status: 'closed',
                actions: {
                  receive: false,
                  refund: false,
                  refundWithoutReceipt: false,
                  close: false,
                },
              }),
            }
          : {
              status: 422,
              json: {
                code: 'reason_required',
                message: 'This return would refund $47.14: say why it is closed without a refund.',
              },
            },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close without refund…' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Close this return without a refund?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, close it' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('say why');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (required)' }),
      'Never came',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, close it' }));
    expect(await screen.findByText('Closed', { selector: '.status-badge' })).toBeTruthy();
    expect(callsTo(api, 'POST', `${URL}/close`).map((c) => c.body)).toEqual([
      {},
      { reason: 'Never came' },
    ]);
  });

  it('re-sends the label once per click and says so', async () => {
    const api = renderReturn({
      [`GET ${URL}`]: () => ({ json: returnDetail() }),
      [`POST ${URL}/label`]: () => ({ json: returnDetail() }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Re-send label email' }));
    expect(await screen.findByText('The label was emailed to jamie@example.com.')).toBeTruthy();
    expect(callsTo(api, 'POST', `${URL}/label`)).toHaveLength(1);
  });

  it('an unknown return says so, with Try again', async () => {
    renderReturn({
      [`GET ${URL}`]: () => ({
        status: 404,
        json: { code: 'not_found', message: 'We could not find this return.' },
      }),
    });
    expect(await screen.findByText('We could not find this return.')).toBeTruthy();
    expect(screen.getByText('This return could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
