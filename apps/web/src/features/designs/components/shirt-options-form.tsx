import { useId, type FormEvent, type ReactNode } from 'react';
import { POSITIONS, POSITION_LABELS, QUANTITY_OPTIONS } from '@sunward/core/cart';
import { formatMoney } from '@sunward/core/money';
import type { Inventory } from '@sunward/core/schemas';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { paths } from '@/shared/paths.ts';
import { SizeSelect } from '@/shared/ui/size-select.tsx';
import type { ShirtOptions } from '../hooks/use-add-to-bag-form.ts';
import { PositionTooltip } from './position-tooltip.tsx';

export interface ShirtOptionsFormProps {
  values: ShirtOptions;
  error: string | null;
  price: number | undefined;
  inventory: Inventory | undefined;
  onChange: (field: keyof ShirtOptions, value: string) => void;
  onSubmit: () => void;
  /**
   * The product's facts, open, under the options (decision 050): on a phone's first view the options
   * and Add come first (issue 30), and six facts of up to 300 characters do not fit beside the price.
   */
  facts?: ReactNode;
  /** What follows the button: the return promise. */
  children?: ReactNode;
  /** Shown under the Size select: the fit advice (issue 29). */
  sizeNote?: ReactNode;
}

/**
 * Spec 2: the 'Shirt Options' form: Size, Position, Qty and 'add to shopping bag'. Errors are shown as
 * toasts (spec 8); missing fields are marked invalid.
 */
export function ShirtOptionsForm({
  values,
  error,
  price,
  inventory,
  facts,
  children,
  sizeNote,
  ...on
}: ShirtOptionsFormProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    on.onSubmit();
  };
  const missing = (value: string) => error === 'all fields are required' && !value;
  // A design's URL is rendered ahead of the browser with this form in it: its controls wait for
  // hydration (a choice made before it would be lost when the dialog moves to the page's body).
  const hydrated = useHydrated();
  return (
    <form className="shirt-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <div className="shirt-form__head">
        <h3 id={`${id}-title`} className="shirt-form__title">
          Shirt Options
        </h3>
        {price !== undefined ? <p className="shirt-form__price">{formatMoney(price)}</p> : null}
      </div>
      <fieldset className="shirt-form__fields" disabled={!hydrated}>
        <div className="field">
          <span className="field__label-row">
            <label className="field__label" htmlFor={`${id}-size`}>
              Size
            </label>
            {/* A new tab, so the shopper keeps this design and the choices made so far. */}
            <a
              className="size-guide-link"
              href={paths.sizeGuide.href()}
              target="_blank"
              rel="noopener"
            >
              Size guide <span className="visually-hidden">(opens in a new tab)</span>
            </a>
          </span>
          <SizeSelect
            id={`${id}-size`}
            value={values.size}
            inventory={inventory}
            invalid={missing(values.size)}
            onChange={(v) => on.onChange('size', v)}
          />
          {sizeNote}
        </div>
        <div className="field">
          <span className="field__label-row">
            <label className="field__label" htmlFor={`${id}-position`}>
              Position
            </label>
            <PositionTooltip />
          </span>
          <select
            id={`${id}-position`}
            className="select"
            value={values.position}
            aria-invalid={missing(values.position) || undefined}
            onChange={(e) => on.onChange('position', e.target.value)}
          >
            <option value="">Select a position</option>
            {POSITIONS.map((p) => (
              <option key={p} value={p}>
                {POSITION_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-qty`}>
            Qty
          </label>
          <select
            id={`${id}-qty`}
            className="select"
            value={values.quantity}
            onChange={(e) => on.onChange('quantity', e.target.value)}
          >
            {QUANTITY_OPTIONS.map((q) => (
              <option key={q} value={String(q)}>
                {q}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--primary btn--block shirt-form__submit">
          add to shopping bag
        </button>
      </fieldset>
      {children}
      {facts}
    </form>
  );
}
