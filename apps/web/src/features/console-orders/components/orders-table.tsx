import type { ConsoleOrderSummary } from '@sunward/core/console-orders';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { DateTime, Money } from '@/shared/console/console-format.tsx';
import { StatusBadge } from '@/shared/console/status-badge.tsx';
import { paths } from '@/shared/paths.ts';

/**
 * A page of orders: number (a link to the order), date, customer, shirts, total, and the payment,
 * fulfilment and return statuses side by side; a box per row chooses it for Mark shipped.
 */
export function OrdersTable({
  orders,
  selected,
  onToggle,
}: {
  orders: readonly ConsoleOrderSummary[];
  selected: ReadonlySet<string>;
  onToggle: (order: ConsoleOrderSummary, on: boolean) => void;
}) {
  const columns: Column<ConsoleOrderSummary>[] = [
    {
      key: 'select',
      header: 'Select',
      cell: (o) => (
        <input
          type="checkbox"
          className="console-orders__check"
          aria-label={`Select order ${o.orderNumber}`}
          checked={selected.has(o.orderNumber)}
          onChange={(event) => onToggle(o, event.currentTarget.checked)}
        />
      ),
    },
    { key: 'number', header: 'Order #', cell: (o) => o.orderNumber },
    { key: 'date', header: 'Date', cell: (o) => <DateTime value={o.createdAt} dateOnly /> },
    {
      key: 'customer',
      header: 'Customer',
      cell: (o) => (
        <span className="console-orders__customer">
          <span>{o.name}</span>
          <span className="console-orders__email">{o.email}</span>
        </span>
      ),
    },
    { key: 'items', header: 'Items', cell: (o) => o.itemCount, align: 'end' },
    { key: 'total', header: 'Total', cell: (o) => <Money cents={o.total} />, align: 'end' },
    {
      key: 'payment',
      header: 'Payment',
      cell: (o) => <StatusBadge kind="payment" status={o.paymentStatus} />,
    },
    {
      key: 'fulfilment',
      header: 'Fulfilment',
      cell: (o) => <StatusBadge kind="order" status={o.status} />,
    },
    {
      key: 'return',
      header: 'Return',
      cell: (o) =>
        o.returnStatus ? (
          <StatusBadge kind="return" status={o.returnStatus} />
        ) : (
          <span className="console-orders__none">None</span>
        ),
    },
  ];
  return (
    <DataTable
      caption="Orders, newest first"
      columns={columns}
      rows={orders}
      rowKey={(o) => o.orderNumber}
      empty="No orders match these filters."
      rowLink={{
        column: 'number',
        href: (o) => paths.consoleOrder.href({ orderNumber: o.orderNumber }),
      }}
    />
  );
}
