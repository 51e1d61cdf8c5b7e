/** Spec 5: dates display as MM/DD/YYYY; a date is 'old' after 1296000 seconds (15 days). */
export const OLD_AFTER_SECONDS = 1_296_000;

/** The shop is in Charlotte, NC: calendar dates are the shop's local dates. */
export const SHOP_TIME_ZONE = 'America/New_York';

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function formatDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  return formatter.format(date);
}

const localFormatter = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** MM/DD/YYYY in the viewer's own time zone (the browser's): the date the shopper saw it happen. */
export function formatLocalDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  return localFormatter.format(date);
}

export function isOld(iso: string | Date, now: Date = new Date()): boolean {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return (now.getTime() - date.getTime()) / 1000 > OLD_AFTER_SECONDS;
}
