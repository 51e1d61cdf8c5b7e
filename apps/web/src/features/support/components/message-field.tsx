import { SUPPORT_MESSAGE_MAX } from '@sunward/core/support';

/** The forms' message box: labelled, with its limit said. */
export function MessageField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Message
      </label>
      <textarea
        id={id}
        className="support-form__message"
        rows={8}
        maxLength={SUPPORT_MESSAGE_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p className="support-form__hint" id={`${id}-hint`}>
        Up to {SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters.
      </p>
    </div>
  );
}
