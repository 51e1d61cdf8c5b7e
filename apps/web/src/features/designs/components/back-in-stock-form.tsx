import { useId, useState, type FormEvent } from 'react';
import type { DesignName } from '@sunward/core/designs';
import type { Inventory } from '@sunward/core/schemas';
import { SIZES, type SizeCode } from '@sunward/core/sizes';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { useRequestBackInStock } from '../api/request-back-in-stock.ts';
import './back-in-stock-form.css';

/**
 * Under the shirt options when some size is shown out of stock (decision 050): the shopper picks one
 * of those sizes and leaves an email to hear once when it is back. A service the shopper asks for, so
 * no consent box; the email carries its own unsubscribe.
 */
export function BackInStockForm(props: {
  design: DesignName;
  shirt: { productId: string } | undefined;
  inventory: Inventory | undefined;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const out = SIZES.filter((s) => props.inventory?.sizes[s.code]?.outOfStock);
  const [size, setSize] = useState<SizeCode | ''>('');
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const request = useRequestBackInStock();
  const productId = props.shirt?.productId;
  if (!hydrated || !productId || out.length === 0) return null;
  const chosen = out.some((s) => s.code === size) ? (size as SizeCode) : out[0]!.code;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setMissing('Please enter an email address.');
      return;
    }
    setMissing(null);
    request.mutate({
      email: email.trim(),
      productId,
      design: props.design,
      size: chosen,
    });
  };
  const error = missing ?? request.error?.message ?? null;

  return (
    <form className="back-in-stock" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="back-in-stock__title">
        Out of stock?
      </h3>
      {request.isSuccess ? (
        <p role="status" className="back-in-stock__done">
          {request.data.message}
        </p>
      ) : (
        <>
          <div className="back-in-stock__fields">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-size`}>
                Waiting for
              </label>
              <select
                id={`${id}-size`}
                className="select"
                value={chosen}
                onChange={(e) => setSize(e.target.value as SizeCode)}
              >
                {out.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-email`}>
                Email
              </label>
              <input
                id={`${id}-email`}
                className="input"
                type="email"
                autoComplete="email"
                value={email}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setMissing(null);
                }}
              />
            </div>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="field__error">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn btn--outline btn--block"
            disabled={request.isPending}
            aria-busy={request.isPending || undefined}
          >
            {request.isPending ? 'Sending…' : 'Email me when it’s back'}
          </button>
          <p className="back-in-stock__note">
            One email when the size returns, nothing else. Every email has an unsubscribe link.
          </p>
        </>
      )}
    </form>
  );
}
