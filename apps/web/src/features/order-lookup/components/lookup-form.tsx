import { useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { lookupErrors, type LookupErrors, type LookupValues } from './lookup-fields.ts';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  type: 'text' | 'email';
  autoComplete: string;
  hint: string;
}

/** A labelled input whose message is tied to it (aria-invalid, aria-describedby). */
function LookupField(props: FieldProps) {
  const describedBy = props.error ? `${props.id}-error` : `${props.id}-hint`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        ref={props.inputRef}
        id={props.id}
        name={props.id}
        className="input"
        type={props.type}
        inputMode={props.type === 'email' ? 'email' : undefined}
        autoComplete={props.autoComplete}
        autoCapitalize={props.type === 'text' ? 'characters' : 'none'}
        spellCheck={false}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
      />
      {props.error ? (
        <p className="field__error" id={`${props.id}-error`}>
          {props.error}
        </p>
      ) : (
        <p className="field__hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
    </div>
  );
}

/**
 * Spec 2 and 5, the lookup's fields: order number and email, and Search. Both are required before
 * searching (lookupErrors); after a refused search the messages follow what is typed, and focus goes
 * to the first field with a message.
 */
export function LookupForm({
  busy,
  onSearch,
}: {
  busy: boolean;
  onSearch: (values: LookupValues) => void;
}) {
  const hydrated = useHydrated();
  const [values, setValues] = useState<LookupValues>({ orderNumber: '', email: '' });
  const [errors, setErrors] = useState<LookupErrors>({});
  const [checked, setChecked] = useState(false);
  const orderNumberRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // What was typed into the prerendered page before the app hydrated it is kept (issue 30).
  useLayoutEffect(() => {
    const typed = {
      orderNumber: orderNumberRef.current?.value ?? '',
      email: emailRef.current?.value ?? '',
    };
    if (typed.orderNumber || typed.email) setValues(typed);
  }, []);

  const change = (field: keyof LookupValues) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (checked) setErrors(lookupErrors(next));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = lookupErrors(values);
    setErrors(found);
    setChecked(true);
    if (found.orderNumber) return orderNumberRef.current?.focus();
    if (found.email) return emailRef.current?.focus();
    onSearch({ orderNumber: values.orderNumber.trim(), email: values.email.trim() });
  };

  return (
    <form className="lookup-form" noValidate onSubmit={submit} aria-label="Find your order">
      <LookupField
        id="lookup-order-number"
        label="Order Number"
        type="text"
        autoComplete="off"
        hint="On your order confirmation email."
        inputRef={orderNumberRef}
        value={values.orderNumber}
        error={errors.orderNumber}
        onChange={change('orderNumber')}
      />
      <LookupField
        id="lookup-email"
        label="Email"
        type="email"
        autoComplete="email"
        hint="The email you placed the order with."
        inputRef={emailRef}
        value={values.email}
        error={errors.email}
        onChange={change('email')}
      />
      <button
        type="submit"
        className="btn btn--primary lookup-form__search"
        // Prerendered (issue 30): a press before the app has hydrated would submit the bare form.
        disabled={busy || !hydrated}
        aria-busy={busy || undefined}
      >
        {busy ? 'Searching…' : 'Search'}
      </button>
    </form>
  );
}
