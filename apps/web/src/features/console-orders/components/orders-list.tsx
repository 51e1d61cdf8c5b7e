import { useState } from 'react';
import { LABEL_BATCH_MAX } from '@sunward/core/console-labels';
import type { ConsoleOrderSummary } from '@sunward/core/console-orders';
import { ConsoleError, errorMessage } from '@/shared/console/console-error.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';
import { FilterBar, useFilterValues } from '@/shared/console/filter-bar.tsx';
import { KeysetPager, useKeysetCursor } from '@/shared/console/keyset-pager.tsx';
import { useExportOrdersCsv } from '../api/export-orders-csv.ts';
import { useOrdersList } from '../api/list-orders.ts';
import { FILTER_NAMES, ORDER_FILTER_FIELDS, filtersOf } from './order-filters.ts';
import { OrdersTable } from './orders-table.tsx';
import { LabelsDialog } from './labels-dialog.tsx';
import { ShipDialog } from './ship-dialog.tsx';
import './console-orders.css';

/**
 * /admin/orders: the filters (kept in the URL), a page of orders newest first, Newer and Older, Export
 * CSV of what the filters match, and Mark shipped or Buy labels for the orders chosen (kept while
 * paging; cleared once their labels are bought).
 */
export function OrdersList() {
  const filters = filtersOf(useFilterValues(FILTER_NAMES));
  const { cursor } = useKeysetCursor();
  const list = useOrdersList(filters, cursor);
  const exportCsv = useExportOrdersCsv();
  const [chosen, setChosen] = useState<ReadonlyMap<string, ConsoleOrderSummary>>(new Map());
  const [shipping, setShipping] = useState(false);
  const [labelling, setLabelling] = useState(false);

  const toggle = (order: ConsoleOrderSummary, on: boolean) =>
    setChosen((now) => {
      const next = new Map(now);
      if (on) next.set(order.orderNumber, order);
      else next.delete(order.orderNumber);
      return next;
    });
  const shipped = (numbers: string[]) =>
    setChosen((now) => new Map([...now].filter(([n]) => !numbers.includes(n))));

  const count = chosen.size;
  const actions = (
    <>
      <button
        type="button"
        className="btn btn--outline btn--small"
        onClick={() => exportCsv.mutate(filters)}
        disabled={exportCsv.isPending}
        aria-busy={exportCsv.isPending}
      >
        {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
      </button>
      <button
        type="button"
        className="btn btn--outline btn--small"
        onClick={() => setShipping(true)}
        disabled={count === 0}
      >
        {count ? `Mark shipped (${count})` : 'Mark shipped'}
      </button>
      <button
        type="button"
        className="btn btn--primary btn--small"
        onClick={() => setLabelling(true)}
        disabled={count === 0 || count > LABEL_BATCH_MAX}
      >
        {count ? `Buy labels (${count})` : 'Buy labels'}
      </button>
    </>
  );

  return (
    <ConsolePage title="Orders" actions={actions}>
      <FilterBar label="Filter orders" fields={ORDER_FILTER_FIELDS} />
      {exportCsv.error ? (
        <p role="alert" className="console-orders__error">
          The export failed: {errorMessage(exportCsv.error)}
        </p>
      ) : null}
      {count ? (
        <p className="console-orders__chosen">
          {count} {count === 1 ? 'order' : 'orders'} chosen.{' '}
          <button type="button" className="link-button" onClick={() => setChosen(new Map())}>
            Clear choice
          </button>
        </p>
      ) : null}
      {list.data ? (
        <div aria-busy={list.isFetching} className="console-orders__list">
          <OrdersTable
            orders={list.data.orders}
            selected={new Set(chosen.keys())}
            onToggle={toggle}
          />
        </div>
      ) : list.isError ? (
        <ConsoleError
          title="The orders could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <div className="page-loading" role="status" aria-label="Loading orders" />
      )}
      {list.data && list.isError ? (
        <p role="alert" className="console-orders__error">
          {errorMessage(list.error)}
        </p>
      ) : null}
      <KeysetPager
        label="Pages of orders"
        next={list.data?.nextCursor ?? null}
        busy={list.isFetching}
      />
      <LabelsDialog
        open={labelling}
        orders={[...chosen.values()]}
        onClose={() => {
          setLabelling(false);
          setChosen(new Map());
        }}
      />
      <ShipDialog
        open={shipping}
        orders={[...chosen.values()]}
        onClose={() => setShipping(false)}
        onShipped={shipped}
      />
    </ConsolePage>
  );
}
