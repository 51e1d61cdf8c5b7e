import { useId, type InputHTMLAttributes } from 'react';

/**
 * A labelled text field with the server's message for it underneath (linked by aria-describedby, the
 * field marked invalid), and an optional hint.
 */
export function SettingsField({
  label,
  value,
  onChange,
  error,
  hint,
  prefix,
  suffix,
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  /** Shown before the field ("$"). */
  prefix?: string;
  /** Shown after the field ("oz"). */
  suffix?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete' | 'type'>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <div className="field settings-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <span className="settings-field__box">
        {prefix ? <span aria-hidden="true">{prefix}</span> : null}
        <input
          id={id}
          className="console-control"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described.length ? described.join(' ') : undefined}
          {...input}
        />
        {suffix ? <span aria-hidden="true">{suffix}</span> : null}
      </span>
      {hint ? (
        <p id={`${id}-hint`} className="settings-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="settings-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
