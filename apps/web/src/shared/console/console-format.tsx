import { formatMoney, type Cents } from '@sunward/core/money';
import { SHOP_TIME_ZONE } from '@sunward/core/dates';

/**
 * Dates and times for operators: MM/DD/YYYY (spec 5) on the shop's calendar (America/New_York, as the
 * dashboard's days and the data requests' deadlines count), with the zone named on times so an
 * operator travelling elsewhere reads them right.
 */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

const toDate = (value: string | Date): Date | null => {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "03/14/2026" on the shop's calendar; '' for something that is not a date. */
export function formatConsoleDate(value: string | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** "03/14/2026 2:05 PM EDT" on the shop's clock; '' for something that is not a date. */
export function formatConsoleDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)}` : '';
}

/** A calendar day (YYYY-MM-DD, as the server sends days) as MM/DD/YYYY, without time zones. */
export function formatCalendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : day;
}

/** A moment as a <time> element: the shop's date and time, the ISO value for machines. */
export function DateTime({ value, dateOnly = false }: { value: string; dateOnly?: boolean }) {
  return (
    <time dateTime={value}>
      {dateOnly ? formatConsoleDate(value) : formatConsoleDateTime(value)}
    </time>
  );
}

/** An amount in cents as dollars ("$1,234.50"); negative amounts keep their sign. */
export function Money({ cents }: { cents: Cents }) {
  return <span className="console-money">{formatMoney(cents)}</span>;
}
