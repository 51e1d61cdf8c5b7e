import { useId } from 'react';
import './toggle-switch.css';

/**
 * An on/off switch (a checkbox with the switch role) whose position is the server's: it moves when the
 * answer comes, never before, and is disabled while the change runs.
 */
export function ToggleSwitch({
  label,
  hiddenLabel,
  checked,
  busy,
  onChange,
}: {
  /** The visible words beside the switch ("Out of stock"). */
  label: string;
  /** Read after the label by screen readers, to tell one row's switch from another's. */
  hiddenLabel?: string;
  checked: boolean;
  busy: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <span className="toggle-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="toggle-switch__input"
        checked={checked}
        disabled={busy}
        aria-busy={busy}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="toggle-switch__label">
        {label}
        {hiddenLabel ? (
          <>
            {' '}
            <span className="visually-hidden">{hiddenLabel}</span>
          </>
        ) : null}
      </label>
    </span>
  );
}
