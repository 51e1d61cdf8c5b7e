import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleOrderDetail } from '@sunward/core/console-orders';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { createOrderDetail, createQuote } from '../test/console-orders-factories.ts';
import { OrderDetail } from './order-detail.tsx';

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

function renderOrder(
  detail: ConsoleOrderDetail = createOrderDetail(),
  routes: Record<string, (call: { body: unknown }) => Answer | Promise<Answer>> = {},
) {
  const api = fakeApi({
    'GET /api/cart/': () => ({ json: [] }),
    'GET /api/admin/orders/K7QM2XD4RA': () => ({ json: detail }),
    ...routes,
  });
  renderConsolePage(<OrderDetail orderNumber="K7QM2XD4RA" />, {
    route: '/admin/orders/K7QM2XD4RA',
    path: '/admin/orders/:orderNumber',
  });
  return api;
}

describe('an order in the console', () => {
  beforeEach(() => signInAs());

  it('shows its statuses, items, addresses, payment, emails and timeline', async () => {
    const detail = createOrderDetail({
      emails: [
        {
          id: 'em_1',
          kind: 'order-confirmation',
          to: 'riley@example.com',
          subject: 'Sunward: order K7QM2XD4RA confirmed',
          status: 'logged',
          createdAt: '2026-06-01T15:00:00.000Z',
          sentAt: '2026-06-01T15:00:01.000Z',
          lastError: null,
        },
      ],
      notes: [
        {
          id: 'onote_1',
          at: '2026-06-02T15:00:00.000Z',
          operatorEmail: 'olivia@sunward.test',
          body: 'Gift wrap please',
        },
      ],
    });
    renderOrder(detail);
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(screen.getByRole('heading', { level: 1, name: 'Order K7QM2XD4RA' })).toBeTruthy();
    expect(within(items).getByRole('img', { name: 'Alaska sun shirt' })).toBeTruthy();
    expect(within(items).getByText('Total').nextSibling?.textContent).toBe('$102.34');
    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(addresses.textContent).toContain('600 E Trade St');
    expect(addresses.textContent).toContain('100 N Tryon St');
    expect(screen.getByRole('region', { name: 'Payment' }).textContent).toContain(
      'Visa ending in 4242',
    );
    expect(screen.getByRole('region', { name: 'Emails sent' }).textContent).toContain(
      'Sunward: order K7QM2XD4RA confirmed',
    );
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(timeline.textContent).toContain('Gift wrap please');
    expect(screen.getByRole('link', { name: 'Print packing slip' }).getAttribute('href')).toBe(
      '/admin/orders/K7QM2XD4RA/packing-slip',
    );
  });

  it('shows a shipped order’s carrier page and scans, newest first, and its delivery date', async () => {
    const detail = createOrderDetail();
    detail.order = {
      ...detail.order,
      status: 'completed',
      tracking: '9400111899223197428490',
      carrier: 'usps',
      deliveredAt: '2026-06-04T19:02:00.000Z',
      trackingEvents: [
        {
          at: '2026-06-04T19:02:00.000Z',
          place: 'Charlotte, NC 28202',
          description: 'Delivered, In/At Mailbox',
          delivered: true,
        },
        {
          at: '2026-06-02T22:40:00.000Z',
          place: 'Raleigh, NC 27676',
          description: 'Accepted at USPS Origin Facility',
          delivered: false,
        },
      ],
    };
    renderOrder(detail);
    const shipment = await screen.findByRole('region', { name: 'Shipment' });
    expect(within(shipment).getByText(/^Delivered \d\d\/\d\d\/2026$/)).toBeTruthy();
    const scans = within(shipment).getAllByRole('listitem');
    expect(scans.map((li) => li.querySelector('.parcel__what')?.textContent)).toEqual([
      'Delivered, In/At Mailbox',
      'Accepted at USPS Origin Facility',
    ]);
    expect(
      within(shipment)
        .getByRole('link', { name: /9400111899223197428490/ })
        .getAttribute('href'),
    ).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490');
  });

  it('starts fulfilment through the status door, the button disabled while it runs', async () => {
    const answer = deferred<Answer>();
    const api = renderOrder(undefined, { 'PATCH /api/orders/status': () => answer.promise });
    const start = await screen.findByRole('button', { name: 'Start fulfilment' });
    await userEvent.click(start);
    expect(isDisabled(start)).toBe(true);
    expect(callsTo(api, 'PATCH', '/api/orders/status')[0]!.body).toEqual({
      orderNumber: 'K7QM2XD4RA',
      status: 'in-progress',
    });
    answer.resolve({ json: { ...createOrderDetail().order, status: 'in-progress' } });
    expect(await screen.findByText('The order is now in progress.')).toBeTruthy();
  });

  it('still says what was done once no further change is possible (Mark delivered)', async () => {
    const shipped = createOrderDetail({ allowedStatuses: ['completed'] });
    let current: ConsoleOrderDetail = {
      ...shipped,
      order: { ...shipped.order, status: 'shipped' },
    };
    renderOrder(undefined, {
      'GET /api/admin/orders/K7QM2XD4RA': () => ({ json: current }),
      'PATCH /api/orders/status': () => {
        current = {
          ...current,
          order: { ...current.order, status: 'completed' },
          allowedStatuses: [],
        };
        return { json: current.order };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('No status change is possible for this order.')).toBeTruthy();
    expect(screen.getByText('The order is now completed.')).toBeTruthy();
  });

  it('marks it shipped with a carrier and tracking number, and shows the server’s refusal', async () => {
    const api = renderOrder(createOrderDetail({ allowedStatuses: ['shipped', 'cancelled'] }), {
      'PATCH /api/orders/status': () => ({
        status: 400,
        json: {
          code: 'tracking_required',
          message: 'A tracking number is 8 to 40 letters and digits (spaces are ignored).',
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark shipped' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Carrier' }),
      'fedex',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Tracking number' }),
      'abc123456',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(dialog).findByText(/A tracking number is 8 to 40/)).toBeTruthy();
    expect(callsTo(api, 'PATCH', '/api/orders/status')[0]!.body).toEqual({
      orderNumber: 'K7QM2XD4RA',
      status: 'shipped',
      carrier: 'fedex',
      tracking: 'abc123456',
    });
  });

  it('asks before cancelling and refunding', async () => {
    const api = renderOrder(undefined, {
      'PATCH /api/orders/status': () => ({
        json: { ...createOrderDetail().order, status: 'cancelled' },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order K7QM2XD4RA?' });
    expect(dialog.textContent).toContain("$102.34 goes back to the customer's card.");
    expect(callsTo(api, 'PATCH', '/api/orders/status')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() => expect(callsTo(api, 'PATCH', '/api/orders/status')).toHaveLength(1));
    expect(callsTo(api, 'PATCH', '/api/orders/status')[0]!.body).toMatchObject({
      status: 'cancelled',
    });
  });

  it('adds a note once, with a key, and empties the box', async () => {
    const api = renderOrder(undefined, {
      'POST /api/admin/orders/K7QM2XD4RA/notes': ({ body }) => ({
        status: 201,
        json: {
          created: true,
          note: {
            id: 'onote_2',
            at: '2026-06-03T15:00:00.000Z',
            operatorEmail: 'olivia@sunward.test',
            body: (body as { body: string }).body,
          },
        },
      }),
    });
    const box = await screen.findByRole('textbox', { name: 'Add a note' });
    const add = screen.getByRole('button', { name: 'Add note' });
    expect(isDisabled(add)).toBe(true);
    await userEvent.type(box, 'Customer called about sizes');
    await userEvent.click(add);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    const [call] = callsTo(api, 'POST', '/api/admin/orders/K7QM2XD4RA/notes');
    expect(call!.body).toEqual({
      body: 'Customer called about sizes',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,}$/) as string,
    });
  });
});

describe('the refund dialog', () => {
  beforeEach(() => signInAs());

  it('shows what the server will refund for the shirts picked, then refunds once with a reason', async () => {
    const refund = deferred<Answer>();
    const api = renderOrder(undefined, {
      'POST /api/admin/orders/K7QM2XD4RA/refunds/quote': () => ({ json: createQuote() }),
      'POST /api/admin/orders/K7QM2XD4RA/refunds': () => refund.promise,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order K7QM2XD4RA' });
    expect(dialog.textContent).toContain('Choose shirts or the shipping, or enter an amount.');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Alaska/ }), '1');
    expect(await within(dialog).findByText('$47.14', { selector: 'strong' })).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/admin/orders/K7QM2XD4RA/refunds/quote').at(-1)!.body).toEqual(
      {
        items: [{ line: 1, quantity: 1 }],
        shipping: false,
      },
    );
    const confirm = within(dialog).getByRole('button', { name: 'Refund $47.14' });
    expect(isDisabled(confirm)).toBe(true); // no reason yet
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Misprint');
    await userEvent.click(confirm);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refunding…' }));
    const sent = callsTo(api, 'POST', '/api/admin/orders/K7QM2XD4RA/refunds').filter(
      (c) => c.url === '/api/admin/orders/K7QM2XD4RA/refunds',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      items: [{ line: 1, quantity: 1 }],
      shipping: false,
      reason: 'Misprint',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,}$/) as string,
    });
    refund.resolve({
      json: {
        refund: {
          id: 'orf_1',
          amount: 4714,
          reason: 'Misprint',
          actor: 'operator',
          operatorEmail: 'olivia@sunward.test',
          createdAt: '2026-06-03T15:00:00.000Z',
          scope: { items: [{ line: 1, quantity: 1 }], shipping: false },
        },
        created: true,
        refunded: 4714,
        left: 5520,
        paymentStatus: 'partly-refunded',
      },
    });
    expect(
      await within(dialog).findByText(
        'Refunded $47.14. The customer is emailed. Left to refund: $55.20.',
      ),
    ).toBeTruthy();
  });

  it('refunds an amount in dollars, and shows why the server refuses one', async () => {
    const api = renderOrder(undefined, {
      'POST /api/admin/orders/K7QM2XD4RA/refunds/quote': ({ body }) =>
        (body as { amount: number }).amount > 10234
          ? {
              status: 409,
              json: {
                code: 'exceeds_paid',
                message:
                  'A refund of $200.00 is more than the $102.34 left to refund on this order.',
              },
            }
          : { json: createQuote({ amount: 1250, lines: [] }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order K7QM2XD4RA' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'An amount' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount in dollars' });
    await userEvent.type(amount, '12.5');
    expect(await within(dialog).findByRole('button', { name: 'Refund $12.50' })).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/admin/orders/K7QM2XD4RA/refunds/quote').at(-1)!.body).toEqual(
      {
        amount: 1250,
      },
    );
    await userEvent.clear(amount);
    await userEvent.type(amount, '200');
    expect(await within(dialog).findByText(/more than the \$102.34 left/)).toBeTruthy();
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Refund' }))).toBe(true);
  });

  it('shows the server’s field messages at their fields, the first one focused', async () => {
    renderOrder(undefined, {
      'POST /api/admin/orders/K7QM2XD4RA/refunds/quote': () => ({
        json: createQuote({ amount: 1250, lines: [] }),
      }),
      'POST /api/admin/orders/K7QM2XD4RA/refunds': () => ({
        status: 400,
        json: {
          code: 'invalid_request',
          message: 'amount: An amount is at least 1 cent.',
          fields: {
            amount: 'An amount is at least 1 cent.',
            reason: 'Give the reason for the refund.',
          },
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order K7QM2XD4RA' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'An amount' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount in dollars' });
    await userEvent.type(amount, '12.5');
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await userEvent.type(reason, 'Late');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Refund $12.50' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'amount: An amount is at least 1 cent.',
    );
    const described = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(described(amount)).toBe('An amount is at least 1 cent.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(described(reason)).toBe('Give the reason for the refund.');
    await waitFor(() => expect(document.activeElement).toBe(amount));
  });
});
