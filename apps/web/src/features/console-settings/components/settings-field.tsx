import { useId, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A labelled text field of the settings form (`field`: what `register` gives), with the message for it
 * underneath (linked by aria-describedby, the field marked invalid), and an optional hint.
 */
export function SettingsField({
  label,
  field,
  error,
  hint,
  prefix,
  suffix,
  ...input
}: {
  label: string;
  field: UseFormRegisterReturn;
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
          {...field}
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
