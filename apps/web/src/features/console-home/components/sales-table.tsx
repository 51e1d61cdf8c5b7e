import { formatMoney } from '@sunward/core/money';
import { formatCalendarDay } from '@/shared/console/console-format.tsx';
import type { Dashboard } from '@sunward/core/console-dashboard';

/**
 * The chart's figures as a table, day by day with the same day of the period before: what a screen
 * reader reads instead of the canvas, and what anyone can open to read exact amounts.
 */
export function SalesTable({ sales }: { sales: Dashboard['sales'] }) {
  const { period, previous } = sales;
  return (
    <details className="sales-table">
      <summary>Sales by day, as a table</summary>
      <div className="sales-table__box" role="region" aria-label="Sales by day" tabIndex={0}>
        <table>
          <caption className="visually-hidden">
            Sales per day from {formatCalendarDay(period.from)} to {formatCalendarDay(period.to)},
            with the same day of the period before
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Sales</th>
              <th scope="col">Orders</th>
              <th scope="col">Average order</th>
              <th scope="col">Refunds</th>
              <th scope="col">Day before</th>
              <th scope="col">Sales before</th>
            </tr>
          </thead>
          <tbody>
            {period.days.map((day, i) => {
              const then = previous.days[i];
              return (
                <tr key={day.day}>
                  <th scope="row">{formatCalendarDay(day.day)}</th>
                  <td>{formatMoney(day.sales)}</td>
                  <td>{day.orders}</td>
                  <td>
                    {day.averageOrderValue === null ? '–' : formatMoney(day.averageOrderValue)}
                  </td>
                  <td>{formatMoney(day.refunds)}</td>
                  <td>{then ? formatCalendarDay(then.day) : ''}</td>
                  <td>{then ? formatMoney(then.sales) : ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}
