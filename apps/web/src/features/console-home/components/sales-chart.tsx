import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from '@sunward/core/money';
import { formatCalendarDay } from '@/shared/console/console-format.tsx';
import type { Dashboard } from '@sunward/core/console-dashboard';

/** The palette's green and dark orange (tokens.css): a canvas takes no CSS variables. */
const NOW = '#17614a';
const BEFORE = '#b34c17';
const HEIGHT = 280;

/** "03/14": the day of the period at an index of the x axis. */
const shortDay = (day: string | undefined) => (day ? formatCalendarDay(day).slice(0, 5) : '');

/** The width a day's label needs on the x axis ("03/14" and its gap), CSS pixels. */
const LABEL_SPACE = 56;
const Y_AXIS = 72;

/**
 * The days labelled on the x axis: evenly spaced, at most `room` of them, counted back from the last
 * day so the period's last day (today, for the periods that end today) always has its label (issue
 * 30: uPlot's own spacing counts from the first day and often skipped it).
 */
export function dayTicks(count: number, room: number): number[] {
  if (count <= 0) return [];
  const step = Math.max(1, Math.ceil(count / Math.max(1, room)));
  const ticks: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) ticks.unshift(i);
  return ticks;
}

/**
 * Sales per day of the period (a solid green line) and of the period before, day for day (a dashed
 * orange line), drawn by uPlot on a canvas. It is in this page's chunk only; its figures are in the
 * table below for anyone who cannot see it (the canvas is described, not read).
 */
export default function SalesChart({ sales }: { sales: Dashboard['sales'] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const { period, previous } = sales;

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const days = period.days.map((d) => d.day);
    const data: uPlot.AlignedData = [
      days.map((_d, i) => i),
      period.days.map((d) => d.sales / 100),
      period.days.map((_d, i) => (previous.days[i] ? previous.days[i].sales / 100 : null)),
    ];
    const options: uPlot.Options = {
      width: Math.max(el.clientWidth, 280),
      height: HEIGHT,
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] } },
      series: [
        {},
        {
          label: `${formatCalendarDay(period.from)} – ${formatCalendarDay(period.to)}`,
          stroke: NOW,
          width: 2.5,
          points: { show: days.length <= 31 },
        },
        {
          label: `Before: ${formatCalendarDay(previous.from)} – ${formatCalendarDay(previous.to)}`,
          stroke: BEFORE,
          width: 2,
          dash: [6, 5],
          points: { show: false },
        },
      ],
      axes: [
        {
          splits: (u) => dayTicks(days.length, Math.floor((u.width - Y_AXIS) / LABEL_SPACE)),
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? shortDay(days[i]) : '')),
        },
        {
          size: Y_AXIS,
          values: (_u, splits) => splits.map((v) => `$${v.toLocaleString('en-US')}`),
        },
      ],
      cursor: { drag: { x: false, y: false } },
      // The legend names the two lines; a hovered day's figures would need a pointer, which a phone
      // has not: the table below has every day's.
      legend: { live: false },
    };
    const plot = new uPlot(options, data, el);
    chart.current = plot;
    // The chart follows its box's width (a phone turned, the side bar shown).
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(el.clientWidth, 280), height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [period, previous]);

  return (
    <figure className="sales-chart">
      <div
        ref={box}
        className="sales-chart__canvas"
        role="img"
        aria-label={`Sales per day from ${formatCalendarDay(period.from)} to ${formatCalendarDay(
          period.to,
        )}: ${formatMoney(period.totals.sales)} in all, against ${formatMoney(
          previous.totals.sales,
        )} in the period before. The table below lists each day.`}
      />
      <figcaption className="sales-chart__caption">
        Sales per day; the dashed line is the same day of the period before.
      </figcaption>
    </figure>
  );
}
