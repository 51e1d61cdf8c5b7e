import { useId, useState, type FormEvent } from 'react';
import './discount-code-field.css';

/**
 * The "Discount code" field with Apply, or the code applied with Remove (issue 28), in the bag and at
 * checkout. `onApply` answers the server's message when the code does not apply (nothing changes).
 */
export function DiscountCodeField(props: {
  applied: string | null;
  busy?: boolean;
  onApply(code: string): Promise<string | null>;
  onRemove(): void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const busy = working || props.busy === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError('Enter a discount code.');
      return;
    }
    setWorking(true);
    try {
      const message = await props.onApply(value);
      setError(message);
      if (!message) setValue('');
    } finally {
      setWorking(false);
    }
  };

  if (props.applied) {
    return (
      <div className="discount-code discount-code--applied">
        <p role="status">
          Discount code <strong>{props.applied}</strong> applied
        </p>
        <button
          type="button"
          className="btn btn--outline btn--small"
          onClick={() => {
            setError(null);
            props.onRemove();
          }}
          disabled={busy}
        >
          Remove
        </button>
      </div>
    );
  }
  return (
    <form className="discount-code" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-code`}>Discount code</label>
      <div className="discount-code__row">
        <input
          id={`${id}-code`}
          name="discountCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={value}
          maxLength={64}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="btn btn--outline" disabled={busy}>
          Apply
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="discount-code__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
