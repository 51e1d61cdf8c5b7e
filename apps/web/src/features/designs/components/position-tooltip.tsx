import { useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { InfoIcon } from '@/shared/ui/icons.tsx';

/**
 * Spec 2: an info tooltip explains graphic position (10px offset). Hover and focus show it; a click or
 * tap pins it open, and a second one closes it (the click that follows a pointer's focus must not undo
 * what the focus opened). Escape, a click outside or leaving the button closes it. The text is the
 * button's description, so a screen reader reads it with the button whether or not it is shown.
 */
export function PositionTooltip() {
  const [open, setOpen] = useState(false);
  const [pinned, setPinned] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const id = useId();
  const hydrated = useHydrated();
  const close = () => {
    setOpen(false);
    setPinned(false);
  };

  // A touch browser may not focus a tapped button, so blur alone does not see every outside click.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    <span
      ref={root}
      className="tooltip"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setOpen(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && !pinned && setOpen(false)}
    >
      <button
        type="button"
        className="tooltip__button"
        aria-label="About graphic position"
        aria-describedby={id}
        aria-expanded={open}
        // On a prerendered design page it answers once the app has taken over (decision 025).
        disabled={!hydrated}
        onClick={() => {
          if (pinned) return close();
          setOpen(true);
          setPinned(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            close();
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
