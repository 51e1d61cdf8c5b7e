import { useState, type FormEvent } from 'react';
import { formatMoney, type Cents } from '@sunward/core/money';
import { dollarsText, parseDollars } from '@/shared/console/dollar-input.ts';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import type { ConsoleProduct } from '@sunward/core/console-catalog';
import { useChangePrice } from '../api/change-price.ts';
import { RowNote, failureNote, type Note } from './row-note.tsx';

/**
 * The product's price: dollars in the field, cents on the wire, and a confirmation that shows the old
 * and the new price before anything changes. A 409 shows the price as it is now; Change price then
 * asks again from it.
 */
export function PriceEditor({ product }: { product: ConsoleProduct }) {
  const price = product.price;
  const [draft, setDraft] = useState<string | null>(null);
  const [asking, setAsking] = useState<Cents | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const change = useChangePrice();
  const text = draft ?? (price ? dollarsText(price.unitAmount) : '');
  const fieldId = `price-${product.id}`;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseDollars(text);
    if (cents === null) {
      setNote({ tone: 'error', text: 'Enter the price in dollars and cents, as 45.00.' });
      return;
    }
    if (price && cents === price.unitAmount) {
      setNote({ tone: 'done', text: `The price is already ${formatMoney(cents)}.` });
      return;
    }
    setNote(null);
    setAsking(cents);
  };

  const confirm = () => {
    if (asking === null || !price) return;
    change.mutate(
      { productId: product.id, expectedPriceId: price.id, unitAmount: asking },
      {
        onSuccess: (saved) => {
          setDraft(null);
          setNote({
            tone: 'done',
            text: `Saved: the price is now ${formatMoney(saved.unitAmount)}.`,
          });
        },
        onError: (error) => setNote(failureNote(error)),
        onSettled: () => setAsking(null),
      },
    );
  };

  return (
    <form className="price-editor" onSubmit={review} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          Price (dollars)
        </label>
        <div className="price-editor__row">
          <span className="price-editor__input">
            <span aria-hidden="true">$</span>
            <input
              id={fieldId}
              className="console-control"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              aria-invalid={note?.tone === 'error' ? true : undefined}
              aria-describedby={`${fieldId}-now`}
              onChange={(event) => setDraft(event.target.value)}
            />
          </span>
          <button
            type="submit"
            className="btn btn--primary btn--small"
            disabled={!price || change.isPending}
          >
            Change price
          </button>
        </div>
        <p id={`${fieldId}-now`} className="price-editor__now">
          {price
            ? `Shoppers pay ${formatMoney(price.unitAmount)} a shirt now.`
            : 'This product has no price: it cannot be sold.'}
        </p>
        <RowNote note={note} />
      </div>
      <ConfirmDialog
        open={asking !== null}
        title="Change the price?"
        confirmLabel="Yes, Change Price"
        busyLabel="Changing…"
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        {price && asking !== null ? (
          <p>
            {product.name}: <strong>{formatMoney(price.unitAmount)}</strong> &rarr;{' '}
            <strong>{formatMoney(asking)}</strong>. Bags are priced at the new price from now on; a
            shopper already at checkout is shown the new total before paying.
          </p>
        ) : null}
      </ConfirmDialog>
    </form>
  );
}
