import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DESIGN_NAMES, designTitle } from '@sunward/core/designs';
import type { DiscountCodeInput } from '@sunward/core/discount-schemas';
import { ApiError } from '@/shared/api/http.ts';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { type DiscountFormValues, toInput } from './discount-form-model.ts';

/**
 * A discount code's every option (issue 28): the code, what it takes off (percent, amount or free
 * shipping), minimum subtotal, start and end, total uses, once per customer, first order only, limited
 * to designs, active. Each field's message names the field, the server's as well as the form's own.
 */
export function DiscountForm(props: {
  initial: DiscountFormValues;
  submitLabel: string;
  onSubmit(input: DiscountCodeInput): Promise<unknown>;
  onCancel(): void;
}) {
  const id = useId();
  const [v, setV] = useState(props.initial);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof DiscountFormValues>(key: K, value: DiscountFormValues[K]) => {
    setV((old) => ({ ...old, [key]: value }));
    // a field's message goes once the field is changed
    setFields((old) => Object.fromEntries(Object.entries(old).filter(([name]) => name !== key)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = toInput(v);
    if (!read.ok) {
      setFields(read.fields);
      setMessage('Check the fields marked below.');
      return;
    }
    setSaving(true);
    try {
      await props.onSubmit(read.input);
    } catch (error) {
      setFields(error instanceof ApiError ? (error.fields ?? {}) : {});
      setMessage(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: string, label: string, control: ReactNode, hint?: string) => (
    <div className="discount-form__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {control}
      {hint ? <p className="discount-form__hint">{hint}</p> : null}
      {fields[name] ? (
        <p id={`${id}-${name}-error`} className="discount-form__error">
          {fields[name]}
        </p>
      ) : null}
    </div>
  );
  const input = (name: keyof DiscountFormValues & string, extra: object = {}) => (
    <input
      id={`${id}-${name}`}
      className="console-control"
      value={v[name] as string}
      onChange={(e) => set(name, e.target.value as never)}
      aria-invalid={fields[name] ? true : undefined}
      aria-describedby={fields[name] ? `${id}-${name}-error` : undefined}
      {...extra}
    />
  );
  const check = (
    name: 'oncePerCustomer' | 'firstOrderOnly' | 'limitDesigns' | 'active',
    label: string,
  ) => (
    <label className="discount-form__check">
      <input type="checkbox" checked={v[name]} onChange={(e) => set(name, e.target.checked)} />{' '}
      {label}
    </label>
  );

  return (
    <form className="discount-form" onSubmit={(e) => void submit(e)} noValidate>
      {message ? (
        <p role="alert" className="discount-form__error">
          {message}
        </p>
      ) : null}
      {field(
        'code',
        'Code',
        input('code', { autoComplete: 'off', maxLength: 32 }),
        'Shoppers type it in any case; spaces are ignored.',
      )}
      <fieldset className="discount-form__field">
        <legend>Discount</legend>
        {(
          [
            ['percent', 'Percent off'],
            ['amount', 'Amount off'],
            ['free_shipping', 'Free shipping'],
          ] as const
        ).map(([kind, label]) => (
          <label key={kind} className="discount-form__check">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={v.kind === kind}
              onChange={() => set('kind', kind)}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {v.kind === 'percent'
        ? field('percent', 'Percent off', input('percent', { inputMode: 'numeric' }), '1 to 100')
        : null}
      {v.kind === 'amount'
        ? field('amountOff', 'Amount off ($)', input('amountOff', { inputMode: 'decimal' }))
        : null}
      {field(
        'minSubtotal',
        'Minimum subtotal ($)',
        input('minSubtotal', { inputMode: 'decimal' }),
        'Empty: no minimum.',
      )}
      {field(
        'startsAt',
        'Starts',
        input('startsAt', { type: 'datetime-local' }),
        'Empty: from now.',
      )}
      {field('endsAt', 'Ends', input('endsAt', { type: 'datetime-local' }), 'Empty: no end.')}
      {field(
        'maxUses',
        'Total uses',
        input('maxUses', { inputMode: 'numeric' }),
        'Empty: no limit.',
      )}
      <div className="discount-form__field">
        {check('oncePerCustomer', 'Once per customer (by account or email)')}
        {check('firstOrderOnly', 'First order only')}
        {check('limitDesigns', 'Limited to some designs')}
      </div>
      {v.limitDesigns ? (
        <fieldset className="discount-form__field discount-form__designs">
          <legend>Designs</legend>
          {DESIGN_NAMES.map((name) => (
            <label key={name} className="discount-form__check">
              <input
                type="checkbox"
                checked={v.designs.includes(name)}
                onChange={(e) =>
                  set(
                    'designs',
                    e.target.checked ? [...v.designs, name] : v.designs.filter((d) => d !== name),
                  )
                }
              />{' '}
              {designTitle(name)}
            </label>
          ))}
          {fields.designs ? <p className="discount-form__error">{fields.designs}</p> : null}
        </fieldset>
      ) : null}
      <div className="discount-form__field">{check('active', 'Active (shoppers can use it)')}</div>
      <div className="discount-form__actions">
        <button
          type="submit"
          className="btn btn--primary btn--small"
          disabled={saving}
          aria-busy={saving}
        >
          {saving ? 'Saving…' : props.submitLabel}
        </button>
        <button type="button" className="btn btn--outline btn--small" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
