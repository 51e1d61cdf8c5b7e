import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trackingUrl } from '@sunward/core/carriers';
import { formatLocalDate } from '@sunward/core/dates';
import { ParcelTracking, parcelSummary, returnWindowLine } from './parcel-tracking.tsx';

const EVENTS = [
  {
    at: '2026-11-20T19:02:00.000Z',
    place: 'Charlotte, NC 28202',
    description: 'Delivered, In/At Mailbox',
    delivered: true,
  },
  {
    at: '2026-11-20T12:10:00.000Z',
    place: 'Charlotte, NC 28202',
    description: 'Out for Delivery',
    delivered: false,
  },
  {
    at: '2026-11-18T22:40:00.000Z',
    place: 'Raleigh, NC 27676',
    description: 'Accepted at USPS Origin Facility',
    delivered: false,
  },
];
const shipped = {
  tracking: '9400111899223197428490',
  carrier: 'usps',
  trackingEvents: [],
  deliveredAt: null,
  createdAt: '2026-10-30T15:00:00.000Z',
  updatedAt: '2026-11-02T15:00:00.000Z',
};

describe('ParcelTracking (issue 27 item 2)', () => {
  it('shows the carrier’s page and that no scan came yet', () => {
    render(<ParcelTracking order={shipped} />);
    expect(screen.getByRole('heading', { name: 'Tracking' })).toBeTruthy();
    expect(screen.getByText('Waiting for the carrier’s first scan')).toBeTruthy();
    const link = screen.getByRole('link', { name: /9400111899223197428490/ });
    expect(link.getAttribute('href')).toBe(trackingUrl('usps', '9400111899223197428490'));
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists the scans newest first with time, place and words, and the delivery date', () => {
    render(
      <ParcelTracking order={{ ...shipped, trackingEvents: EVENTS, deliveredAt: EVENTS[0]!.at }} />,
    );
    expect(
      screen.getByText(`Delivered ${formatLocalDate('2026-11-20T19:02:00.000Z')}`),
    ).toBeTruthy();
    // The return window counts from the delivery: 15 days after it.
    const ends = formatLocalDate('2026-12-05T19:02:00.000Z');
    expect(
      screen.getByText((text) =>
        [`Returns accepted until ${ends}`, `Return window ended ${ends}`].includes(text),
      ),
    ).toBeTruthy();
    const items = within(screen.getByRole('list', { name: /newest first/ })).getAllByRole(
      'listitem',
    );
    expect(items.map((li) => li.querySelector('.parcel__what')?.textContent)).toEqual([
      'Delivered, In/At Mailbox',
      'Out for Delivery',
      'Accepted at USPS Origin Facility',
    ]);
    expect(items[2]!.textContent).toContain('Raleigh, NC 27676');
    expect(items[0]!.querySelector('time')?.getAttribute('datetime')).toBe(EVENTS[0]!.at);
    expect(items[0]!.className).toContain('parcel__event--delivered');
  });

  it('says the latest scan while on the way, and nothing at all without a tracking number', () => {
    expect(parcelSummary({ trackingEvents: EVENTS.slice(1), deliveredAt: null })).toBe(
      'Out for Delivery',
    );
    const { container } = render(<ParcelTracking order={{ ...shipped, tracking: null }} />);
    expect(container.innerHTML).toBe('');
  });

  it('says until when returns are accepted, counted from the delivery, once delivered', () => {
    const delivered = { ...shipped, deliveredAt: '2026-11-20T19:02:00.000Z' };
    expect(returnWindowLine(delivered, new Date('2026-11-21T12:00:00.000Z'))).toBe(
      `Returns accepted until ${formatLocalDate('2026-12-05T19:02:00.000Z')}`,
    );
    expect(returnWindowLine(delivered, new Date('2026-12-06T12:00:00.000Z'))).toBe(
      `Return window ended ${formatLocalDate('2026-12-05T19:02:00.000Z')}`,
    );
    // Bought in the holiday season: until Jan 15, whichever ends later.
    expect(
      returnWindowLine(
        { ...delivered, createdAt: '2026-11-16T15:00:00.000Z' },
        new Date('2026-11-21T12:00:00.000Z'),
      ),
    ).toBe(`Returns accepted until ${formatLocalDate('2027-01-16T04:59:59.999Z')}`);
    expect(returnWindowLine(shipped)).toBeNull();
  });
});
