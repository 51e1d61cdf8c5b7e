import { formatCalendarDay } from '@/shared/console/console-format.tsx';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How long an order has waited: "less than an hour", "5 hours", "3 days". */
export function formatAge(hours: number): string {
  if (hours < 1) return 'less than an hour';
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

/** A data request's deadline against today: "due 03/14/2026 (in 3 days)", "(2 days overdue)". */
export function formatDue(dueBy: string, daysLeft: number): string {
  const when =
    daysLeft === 0
      ? 'today'
      : daysLeft > 0
        ? `in ${plural(daysLeft, 'day')}`
        : `${plural(-daysLeft, 'day')} overdue`;
  return `due ${formatCalendarDay(dueBy)} (${when})`;
}

export { plural };
