import type { FieldErrors } from 'react-hook-form';
import './console-controls.css';

/**
 * A console field's message, the form's or the server's (setServerErrors): `invalidProps` marks the
 * field invalid and points its aria-describedby at the message that `FieldMessage` shows under it.
 */
export function invalidProps(message: string | undefined, id: string) {
  return {
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? id : undefined,
  } as const;
}

export function FieldMessage({
  id,
  message,
  className = 'console-field-message',
}: {
  id: string;
  message: string | undefined;
  className?: string;
}) {
  return message ? (
    <span id={id} className={className}>
      {message}
    </span>
  ) : null;
}

/** The form's general message (`root.server`, setServerErrors), as an alert; `prefix` leads it. */
export function FormAlert({
  errors,
  className,
  prefix = '',
}: {
  errors: FieldErrors;
  className: string;
  prefix?: string;
}) {
  const message = errors.root?.server?.message;
  return message ? (
    <p role="alert" className={className}>
      {prefix}
      {message}
    </p>
  ) : null;
}
