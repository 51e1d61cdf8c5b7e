import { formatMoney } from '@sunward/core/money';
import type { Dashboard } from '@sunward/core/console-dashboard';

/** "Up 12.5%", "Down 3%", "No change" against the period before; null: nothing to compare with. */
export function changeWords(change: number | null): {
  text: string;
  trend: 'up' | 'down' | 'flat' | 'none';
} {
  if (change === null) return { text: 'Nothing to compare with', trend: 'none' };
  if (change === 0) return { text: 'No change', trend: 'flat' };
  const amount = `${Math.abs(change).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  return change > 0
    ? { text: `Up ${amount}`, trend: 'up' }
    : { text: `Down ${amount}`, trend: 'down' };
}

function Figure({
  label,
  value,
  before,
  change,
  extra,
}: {
  label: string;
  value: string;
  before: string;
  change: number | null;
  extra?: string;
}) {
  const { text, trend } = changeWords(change);
  return (
    <div className="sales-figure">
      <dt className="sales-figure__label">{label}</dt>
      <dd className="sales-figure__value">{value}</dd>
      <dd className={`sales-figure__change sales-figure__change--${trend}`}>
        <span aria-hidden="true">{trend === 'up' ? '▲ ' : trend === 'down' ? '▼ ' : ''}</span>
        {text} <span className="sales-figure__before">(before: {before})</span>
      </dd>
      {extra ? <dd className="sales-figure__extra">{extra}</dd> : null}
    </div>
  );
}

/**
 * The period's three figures (sales, orders, average order value) with their change against the
 * period before; refunds, which the sales do not take off, beside the sales.
 */
export function SalesFigures({ sales }: { sales: Dashboard['sales'] }) {
  const now = sales.period.totals;
  const before = sales.previous.totals;
  const aov = (cents: number | null) => (cents === null ? 'none' : formatMoney(cents));
  return (
    <dl className="sales-figures">
      <Figure
        label="Sales"
        value={formatMoney(now.sales)}
        before={formatMoney(before.sales)}
        change={sales.change.sales}
        extra={`Refunds in the period: ${formatMoney(now.refunds)}`}
      />
      <Figure
        label="Orders"
        value={now.orders.toLocaleString('en-US')}
        before={before.orders.toLocaleString('en-US')}
        change={sales.change.orders}
      />
      <Figure
        label="Average order value"
        value={aov(now.averageOrderValue)}
        before={aov(before.averageOrderValue)}
        change={sales.change.averageOrderValue}
      />
    </dl>
  );
}
