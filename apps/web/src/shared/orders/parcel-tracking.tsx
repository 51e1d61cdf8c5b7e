import { useId } from 'react';
import { CARRIER_NAMES, isCarrier, trackingUrl } from '@sunward/core/carriers';
import type { Order } from '@sunward/core/checkout-schemas';
import { formatLocalDate } from '@sunward/core/dates';
import { returnWindowEnd } from '@sunward/core/returns';
import './orders.css';

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** A scan's time as the shopper reads it: "11/20/2026, 2:02 PM" on their own clock. */
export function scanTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${formatLocalDate(date)}, ${time.format(date)}`;
}

/** Where the parcel is, in a few words: delivered (on), on its way, or waiting for its first scan. */
export function parcelSummary(order: Pick<Order, 'trackingEvents' | 'deliveredAt'>): string {
  if (order.deliveredAt) return `Delivered ${formatLocalDate(order.deliveredAt)}`;
  const latest = order.trackingEvents[0];
  return latest ? latest.description : 'Waiting for the carrier’s first scan';
}

/**
 * Once the carrier has delivered the order, the day its return window ends (it counts from the
 * delivery): "Returns accepted until 12/05/2026", or "Return window ended 12/05/2026" once past.
 */
export function returnWindowLine(
  order: Pick<Order, 'deliveredAt' | 'createdAt' | 'updatedAt'>,
  now: Date = new Date(),
): string | null {
  if (!order.deliveredAt) return null;
  const end = returnWindowEnd(order);
  if (!end) return null;
  return end.getTime() >= now.getTime()
    ? `Returns accepted until ${formatLocalDate(end)}`
    : `Return window ended ${formatLocalDate(end)}`;
}

/**
 * Issue 27 item 2: the parcel's tracking on an order (the account's order details, the lookup, the
 * console's order page): the carrier's page beside what the shop has heard from the carrier, each scan
 * newest first with its time, place and words, and the delivery date once delivered. Nothing for an
 * order without a tracking number.
 */
export function ParcelTracking({
  order,
  headingClassName,
}: {
  order: Pick<
    Order,
    'tracking' | 'carrier' | 'trackingEvents' | 'deliveredAt' | 'createdAt' | 'updatedAt'
  >;
  headingClassName?: string;
}) {
  const id = useId();
  const window = returnWindowLine(order);
  const tracking = order.tracking?.trim();
  if (!tracking) return null;
  const carrier = order.carrier && isCarrier(order.carrier) ? CARRIER_NAMES[order.carrier] : 'USPS';
  return (
    <section className="parcel" aria-labelledby={`${id}-tracking`}>
      <h3 id={`${id}-tracking`} className={headingClassName}>
        Tracking
      </h3>
      <p className="parcel__summary">
        <strong>{parcelSummary(order)}</strong>
        {window ? <span className="parcel__window">{window}</span> : null}
      </p>
      <p className="parcel__link">
        {carrier}{' '}
        <a href={trackingUrl(order.carrier, tracking)} target="_blank" rel="noreferrer">
          {tracking}
          <span className="visually-hidden"> (opens the carrier’s tracking page in a new tab)</span>
        </a>
      </p>
      {order.trackingEvents.length > 0 ? (
        <ol className="parcel__events" aria-label="Tracking events, newest first">
          {order.trackingEvents.map((e) => (
            <li
              key={`${e.at}-${e.description}`}
              className={e.delivered ? 'parcel__event parcel__event--delivered' : 'parcel__event'}
            >
              <time className="parcel__time" dateTime={e.at}>
                {scanTime(e.at)}
              </time>
              <span className="parcel__what">{e.description}</span>
              {e.place ? <span className="parcel__place">{e.place}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
