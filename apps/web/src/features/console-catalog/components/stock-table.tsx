import { useState, type FormEvent } from 'react';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import type { ConsoleProduct, ConsoleSize } from '@sunward/core/console-catalog';
import { useUpdateSizeStock } from '../api/update-size-stock.ts';
import { RowNote, failureNote, type Note } from './row-note.tsx';
import { ToggleSwitch } from './toggle-switch.tsx';

const countText = (stock: number | null) => (stock === null ? '' : String(stock));

/** "12", "" (not counted); anything else is not a count. */
function parseCount(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : undefined;
}

const describeSaved = (size: ConsoleSize) =>
  `Saved: ${size.stock === null ? 'not counted' : `${size.stock} in stock`}${size.outOfStock ? ', switched out of stock' : ''}.`;

/**
 * A size's count: a field (empty when the size is not counted) and Save. The row shows what the server
 * answered; after a 409 it shows the current values and keeps what the operator typed, so Save tries
 * again from them.
 */
function StockCount({ productId, size }: { productId: string; size: ConsoleSize }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const update = useUpdateSizeStock();
  const text = draft ?? countText(size.stock);
  const changed = draft !== null && draft.trim() !== countText(size.stock);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const stock = parseCount(text);
    if (stock === undefined) {
      setNote({
        tone: 'error',
        text: 'Enter a whole number, or leave the field empty when the size is not counted.',
      });
      return;
    }
    setNote(null);
    update.mutate(
      { productId, size: size.size, version: size.version, stock },
      {
        onSuccess: (saved) => {
          setDraft(null);
          setNote({ tone: 'done', text: describeSaved(saved) });
        },
        onError: (error) => setNote(failureNote(error)),
      },
    );
  };

  return (
    <form className="stock-count" onSubmit={save} noValidate>
      <label className="visually-hidden" htmlFor={`stock-${productId}-${size.size}`}>
        Stock of {size.label}
      </label>
      <input
        id={`stock-${productId}-${size.size}`}
        className="console-control stock-count__input"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Not counted"
        value={text}
        aria-invalid={note?.tone === 'error' ? true : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      <button
        type="submit"
        className="btn btn--primary btn--small"
        disabled={!changed || update.isPending}
        aria-busy={update.isPending}
      >
        {update.isPending ? 'Saving…' : 'Save'}{' '}
        <span className="visually-hidden">stock of {size.label}</span>
      </button>
      <RowNote note={note} />
    </form>
  );
}

/** A size's out-of-stock switch: saved as soon as it is flipped, moved when the server answers. */
function OutOfStock({ productId, size }: { productId: string; size: ConsoleSize }) {
  const [note, setNote] = useState<Note | null>(null);
  const update = useUpdateSizeStock();
  const flip = (outOfStock: boolean) => {
    setNote(null);
    update.mutate(
      { productId, size: size.size, version: size.version, outOfStock },
      {
        onSuccess: (saved) =>
          setNote({
            tone: 'done',
            text: saved.outOfStock ? 'Saved: out of stock.' : 'Saved: back on sale.',
          }),
        onError: (error) => setNote(failureNote(error)),
      },
    );
  };
  return (
    <div className="out-of-stock">
      <ToggleSwitch
        label="Out of stock"
        hiddenLabel={size.label}
        checked={size.outOfStock}
        busy={update.isPending}
        onChange={flip}
      />
      <RowNote note={note} />
    </div>
  );
}

/** Each size of a product: its count, what checkouts hold, its switch and what the shop shows. */
export function StockTable({ product }: { product: ConsoleProduct }) {
  const columns: Column<ConsoleSize>[] = [
    { key: 'size', header: 'Size', cell: (s) => <span className="stock-size">{s.label}</span> },
    {
      key: 'stock',
      header: 'In stock',
      cell: (s) => <StockCount productId={product.id} size={s} />,
    },
    { key: 'held', header: 'Held by checkouts', align: 'end', cell: (s) => s.reserved },
    {
      key: 'available',
      header: 'Available',
      align: 'end',
      cell: (s) => (s.available === null ? 'Not counted' : s.available),
    },
    {
      key: 'switch',
      header: 'Switch',
      cell: (s) => <OutOfStock productId={product.id} size={s} />,
    },
    {
      key: 'shown',
      header: 'The shop shows',
      cell: (s) =>
        s.shownOutOfStock ? (
          <span className="stock-shown stock-shown--out">Out of stock</span>
        ) : (
          <span className="stock-shown">On sale</span>
        ),
    },
  ];
  return (
    <DataTable
      caption={`Stock of ${product.name} by size`}
      columns={columns}
      rows={product.sizes}
      rowKey={(s) => s.size}
      empty="This product has no sizes."
    />
  );
}
