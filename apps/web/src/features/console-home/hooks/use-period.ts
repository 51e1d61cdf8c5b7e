import { useSearchParams } from 'react-router';
import type { PeriodQuery } from '../api/get-dashboard.ts';

/** The quick choices, in days; 30 is the home's default. */
export const PRESET_DAYS = [7, 30, 90] as const;
export const DEFAULT_DAYS = 30;
/** The longest period the server answers. */
export const MAX_DAYS = 366;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The home's period, kept in the URL so a reload, Back and a shared link keep it: `?days=7` (the last
 * 7 days up to today on the shop's calendar, as the server counts it) or `?from=…&to=…` (a custom
 * period); nothing means the last 30 days.
 */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const days = Number(params.get('days'));
  const query: PeriodQuery =
    ISO_DAY.test(from) && ISO_DAY.test(to)
      ? { from, to }
      : { days: Number.isInteger(days) && days >= 1 && days <= MAX_DAYS ? days : DEFAULT_DAYS };
  return {
    query,
    setDays: (n: number) =>
      setParams(n === DEFAULT_DAYS ? {} : { days: String(n) }, { preventScrollReset: true }),
    setCustom: (range: { from: string; to: string }) =>
      setParams(range, { preventScrollReset: true }),
  };
}

/** Calendar days from `from` to `to`, both counted. */
export function daysIn(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** What is wrong with a custom period, in words, or null (today: the shop's day, from the server). */
export function customPeriodProblem(from: string, to: string, today: string): string | null {
  if (!ISO_DAY.test(from) || !ISO_DAY.test(to)) return 'Choose both the first and the last day.';
  if (from > to) return 'The first day must be on or before the last.';
  if (to > today) return 'The period cannot end after today.';
  if (daysIn(from, to) > MAX_DAYS) return `Choose at most ${MAX_DAYS} days.`;
  return null;
}
