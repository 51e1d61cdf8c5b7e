import { useId, useState } from 'react';
import { InfoIcon } from '@/shared/ui/icons.tsx';

/** Spec 2: an info tooltip explains graphic position (shown on hover, focus or tap; 10px offset). */
export function PositionTooltip() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span
      className="tooltip"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        className="tooltip__button"
        aria-label="About graphic position"
        aria-describedby={open ? id : undefined}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        <InfoIcon />
      </button>
      <span id={id} role="tooltip" className="tooltip__bubble" hidden={!open}>
        Front: the design is printed on the front and our small logo sits at the back of the neck.
        Back: the design is printed on the back and our logo sits on the left chest.
      </span>
    </span>
  );
}
