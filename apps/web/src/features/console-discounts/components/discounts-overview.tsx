import { useState } from 'react';
import type { ConsoleDiscountCode } from '@sunward/core/discount-schemas';
import { formatMoney } from '@sunward/core/money';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime, Money } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { useCreateDiscount } from '../api/create-discount.ts';
import { useDiscounts } from '../api/get-discounts.ts';
import { useUpdateDiscount } from '../api/update-discount.ts';
import { EMPTY_FORM, valuesOf } from './discount-form-model.ts';
import { DiscountForm } from './discount-form.tsx';
import './discounts.css';

/** The rules of a code in words: "Min $50.00 · Once per customer · Until Dec 1, 2026". */
function rules(c: ConsoleDiscountCode) {
  const parts = [
    c.minSubtotal !== null ? `Min ${formatMoney(c.minSubtotal)}` : null,
    c.oncePerCustomer ? 'Once per customer' : null,
    c.firstOrderOnly ? 'First order only' : null,
    c.designs ? `${c.designs.length} design${c.designs.length === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return (
    <>
      {parts.length ? parts.join(' · ') : 'None'}
      {c.startsAt ? (
        <span className="discounts-muted">
          From <DateTime value={c.startsAt} />
        </span>
      ) : null}
      {c.endsAt ? (
        <span className="discounts-muted">
          Until <DateTime value={c.endsAt} />
        </span>
      ) : null}
    </>
  );
}

/** The console's discount codes: each with its uses and the revenue behind them; New, Edit. */
export function DiscountsOverview() {
  const query = useDiscounts();
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const toast = useToastStore((s) => s.show);
  const [editing, setEditing] = useState<ConsoleDiscountCode | 'new' | null>(null);

  const columns: Column<ConsoleDiscountCode>[] = [
    { key: 'code', header: 'Code', cell: (c) => <strong>{c.code}</strong> },
    { key: 'offer', header: 'Discount', cell: (c) => c.description },
    { key: 'rules', header: 'Rules', cell: rules },
    {
      key: 'uses',
      header: 'Uses',
      align: 'end',
      cell: (c) => (c.maxUses === null ? String(c.uses) : `${c.uses} of ${c.maxUses}`),
    },
    { key: 'orders', header: 'Orders', align: 'end', cell: (c) => String(c.orders) },
    {
      key: 'given',
      header: 'Discount given',
      align: 'end',
      cell: (c) => <Money cents={c.discountGiven} />,
    },
    { key: 'revenue', header: 'Revenue', align: 'end', cell: (c) => <Money cents={c.revenue} /> },
    {
      key: 'kept',
      header: 'After refunds',
      align: 'end',
      cell: (c) => <Money cents={c.revenue - c.refunded} />,
    },
    { key: 'status', header: 'Status', cell: (c) => (c.active ? 'Active' : 'Disabled') },
    {
      key: 'edit',
      header: 'Actions',
      cell: (c) => (
        <button
          type="button"
          className="btn btn--outline btn--small"
          onClick={() => setEditing(c)}
          aria-label={`Edit ${c.code}`}
        >
          Edit
        </button>
      ),
    },
  ];

  if (query.isError) {
    return (
      <ConsoleError
        error={query.error}
        title="Discount codes could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <div className="discounts" aria-busy={query.isFetching}>
      <div className="discounts__bar">
        <p className="discounts-muted">
          Revenue is what the orders placed with a code were charged. One code per order.
        </p>
        <button
          type="button"
          className="btn btn--primary btn--small"
          onClick={() => setEditing('new')}
        >
          New code
        </button>
      </div>
      {query.data ? (
        <DataTable
          caption="Discount codes"
          columns={columns}
          rows={query.data.codes}
          rowKey={(c) => c.id}
          empty="No discount codes yet."
        />
      ) : (
        <p className="discounts-muted">Loading discount codes…</p>
      )}
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' || editing === null ? 'New discount code' : `Edit ${editing.code}`}
      >
        {editing !== null ? (
          <DiscountForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={editing === 'new' ? EMPTY_FORM : valuesOf(editing)}
            submitLabel={editing === 'new' ? 'Create code' : 'Save code'}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              const saved =
                editing === 'new'
                  ? await create.mutateAsync(input)
                  : await update.mutateAsync({ id: editing.id, input });
              toast('success', `Discount code ${saved.code} saved.`);
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}
