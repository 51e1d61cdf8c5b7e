/**
 * What the jobs screen says a job was for, from its data alone (the kinds that read the database are
 * covered by admin-jobs.routes.test.ts), and the masked recipient of an email.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { maskAddress } from '../email/email-jobs.console.ts';
import { aboutJob, kindOf } from './job-kinds.ts';

const db = {} as Db; // never read by these kinds

describe('maskAddress', () => {
  it.each([
    ['jane.doe@example.com', 'j***@example.com'],
    ['J@example.com', '***@example.com'],
    ['a.b@c@example.com', 'a***@example.com'],
    ['no-at-sign', '***'],
    ['', '***'],
  ])('%s -> %s', (address, masked) => {
    expect(maskAddress(address)).toBe(masked);
  });
});

describe('aboutJob', () => {
  it.each([
    [
      'stock.expired-holds',
      { periodStart: '2026-11-27T15:00:00.000Z' },
      'The run for the period from 11/27/2026 10:00 AM EST',
    ],
    [
      'rate-limits.sweep',
      { periodStart: '2026-07-04T16:01:00.000Z' },
      'The run for the period from 07/04/2026 12:01 PM EDT',
    ],
    [
      'orders.refund-unorderable',
      { paymentIntentId: 'pi_123', why: 'the size you chose sold out.' },
      'Refund in full of payment pi_123, which could not become an order: the size you chose sold out',
    ],
    [
      'payments.sandbox-webhook',
      {
        eventId: 'evt_1',
        payload: '{"id":"evt_1","type":"payment_intent.succeeded","data":{"object":{"id":"pi_9"}}}',
      },
      'The payment_intent.succeeded event of payment pi_9',
    ],
    [
      'cart.remove-purchased',
      { orderId: 'ord_1' },
      'The bag of the customer of order ord_1 (row id)',
    ],
    [
      'orders.record-tax',
      { orderId: 'ord_1', orderNumber: 'K7Q2M9X4TB', taxCalculation: 'taxcalc_1' },
      'The sales tax of order K7Q2M9X4TB (Stripe Tax calculation taxcalc_1)',
    ],
    // Data that is not what the kind carries is not shown: it may hold anything.
    ['stock.expired-holds', { periodStart: 'soon' }, 'Its data does not say.'],
    ['orders.refund-unorderable', 'pi_123', 'Its data does not say.'],
    ['email.deliver', { emailId: 42 }, 'Its data does not say.'],
    ['labels.return-label', null, 'Its data does not say.'],
    ['payments.sandbox-webhook', { payload: '{not json' }, 'Its data does not say.'],
    ['reports.nightly', { token: 'secret' }, 'Its data does not say.'],
  ])('%s %j: %s', async (name, data, about) => {
    expect(await aboutJob(db, name, data)).toEqual({ about, target: null });
  });
});

describe('kindOf', () => {
  it('names a known kind in plain English and an unknown one as the engine does', () => {
    expect(kindOf('labels.return-label').label).toBe('Return labels');
    expect(kindOf('reports.nightly')).toEqual({
      label: 'reports.nightly',
      purpose: 'A job this console has no description of yet.',
    });
  });
});
