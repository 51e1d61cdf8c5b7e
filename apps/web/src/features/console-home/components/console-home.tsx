import { lazy, Suspense } from 'react';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { formatCalendarDay } from '@/shared/console/console-format.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import { usePeriod } from '../hooks/use-period.ts';
import { NeedsAttention } from './needs-attention.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { SalesFigures } from './sales-figures.tsx';
import { SalesTable } from './sales-table.tsx';
import './console-home.css';

/** uPlot and the chart load after the figures, and only on this page. */
const SalesChart = lazy(() => import('./sales-chart.tsx'));

/**
 * The console's home (issue 15, item 8): the needs-attention queue on top, then the sales of the chosen
 * period against the period before: three figures, the chart and its table.
 */
export function ConsoleHome() {
  const period = usePeriod();
  const dashboard = useDashboard(period.query);
  const data = dashboard.data;

  if (!data) {
    return dashboard.isError ? (
      <ConsoleError
        title="The home could not be loaded."
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
        retrying={dashboard.isFetching}
      />
    ) : (
      <p role="status" className="console-home__loading">
        Loading the figures…
      </p>
    );
  }

  const { sales } = data;
  return (
    <div className="console-home" aria-busy={dashboard.isFetching}>
      <NeedsAttention queues={data.needsAttention} />
      <section className="console-home__sales" aria-labelledby="sales-title">
        <div className="console-home__sales-head">
          <h2 id="sales-title" className="console-home__heading">
            Sales
          </h2>
          <p className="console-home__period">
            {formatCalendarDay(sales.period.from)} to {formatCalendarDay(sales.period.to)}, against{' '}
            {formatCalendarDay(sales.previous.from)} to {formatCalendarDay(sales.previous.to)}
          </p>
        </div>
        <PeriodPicker
          query={period.query}
          shown={sales.period}
          today={data.today}
          onDays={period.setDays}
          onCustom={period.setCustom}
        />
        {dashboard.isError ? (
          <ConsoleError
            title="These figures could not be updated."
            error={dashboard.error}
            onRetry={() => void dashboard.refetch()}
            retrying={dashboard.isFetching}
          />
        ) : null}
        <SalesFigures sales={sales} />
        <Suspense fallback={<div className="sales-chart__placeholder" />}>
          <SalesChart sales={sales} />
        </Suspense>
        <SalesTable sales={sales} />
      </section>
    </div>
  );
}
