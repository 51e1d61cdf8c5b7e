import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@sunward/core/order-status';
import { StatusBadge, statusLook, type StatusKind } from './status-badge.tsx';

describe('StatusBadge', () => {
  it.each<[StatusKind, string, string]>([
    ['order', 'pending', 'Pending'],
    ['order', 'in-progress', 'In progress'],
    ['payment', 'paid', 'Paid'],
    ['payment', 'partly-refunded', 'Partly refunded'],
    ['payment', 'partly_refunded', 'Partly refunded'],
    ['payment', 'refunded', 'Refunded'],
    ['return', 'requested', 'Requested'],
    ['return', 'received', 'Received'],
    ['return', 'refunded', 'Refunded'],
    ['email', 'failed', 'Failed'],
    ['email', 'sent', 'Sent'],
  ])('a %s status %s reads "%s"', (kind, status, label) => {
    render(<StatusBadge kind={kind} status={status} />);
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('every status of the order machine has its own words', () => {
    for (const status of ORDER_STATUSES) {
      expect(statusLook('order', status).label).not.toBe('Unknown');
    }
    expect(new Set(ORDER_STATUSES.map((s) => statusLook('order', s).label)).size).toBe(
      ORDER_STATUSES.length,
    );
  });

  it('a status it does not know still shows, in words, in the neutral tone', () => {
    render(<StatusBadge kind="return" status="awaiting_inspection" />);
    const badge = screen.getByText('Awaiting inspection');
    expect(badge.className).toContain('status-badge--neutral');
  });

  it('colour is never the only sign: failed and paid differ in words and tone', () => {
    expect(statusLook('email', 'failed')).toEqual({ label: 'Failed', tone: 'danger' });
    expect(statusLook('payment', 'paid')).toEqual({ label: 'Paid', tone: 'success' });
  });
});
