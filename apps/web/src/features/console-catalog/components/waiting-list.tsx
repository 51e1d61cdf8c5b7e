import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { useWaitingCounts, type WaitingCount } from '../api/get-waiting-counts.ts';

const columns: Column<WaitingCount>[] = [
  { key: 'design', header: 'Design', cell: (w) => w.designTitle },
  { key: 'size', header: 'Size', cell: (w) => <span className="stock-size">{w.label}</span> },
  { key: 'waiting', header: 'Shoppers waiting', align: 'end', cell: (w) => w.waiting },
];

/**
 * Who waits for a size to return (decision 050), per design and size, most-wanted first: what to
 * reorder first. Each of them gets one email when the size is back on sale.
 */
export function WaitingList({ productId }: { productId: string }) {
  const counts = useWaitingCounts();
  if (counts.isPending) return <p aria-busy="true">Loading who is waiting…</p>;
  if (counts.isError) {
    return (
      <ConsoleError
        error={counts.error}
        title="Who is waiting could not be loaded."
        onRetry={() => void counts.refetch()}
        retrying={counts.isFetching}
      />
    );
  }
  const rows = counts.data.filter((w) => w.productId === productId);
  const total = rows.reduce((sum, w) => sum + w.waiting, 0);
  return (
    <>
      <p className="catalog-section__hint">
        {total === 0
          ? 'No shopper is waiting for a size to come back.'
          : `${total} ${total === 1 ? 'request' : 'requests'} to hear when a size is back, most-wanted first. Each shopper gets one email when you put the size back on sale.`}
      </p>
      {rows.length > 0 ? (
        <DataTable
          caption="Shoppers waiting per design and size"
          columns={columns}
          rows={rows}
          rowKey={(w) => `${w.designName}-${w.size}`}
          empty="No shopper is waiting."
        />
      ) : null}
    </>
  );
}
