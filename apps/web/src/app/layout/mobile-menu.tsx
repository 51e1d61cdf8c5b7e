import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { trapTab } from '@/shared/ui/focus-trap.ts';
import { CloseIcon } from '@/shared/ui/icons.tsx';
import { MOBILE_LINKS } from './nav-links.ts';
import './mobile-menu.css';

/** Below 768px the navigation collapses into this full-screen menu (a modal dialog); a link closes it. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // A layout effect: focus goes back to the opener in the commit that removes the menu (see Modal).
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('button')?.focus();
    document.body.classList.add('has-modal');
    const close = () => onCloseRef.current();
    // Widening the window past the breakpoint closes the menu.
    const wide = matchMedia('(min-width: 768px)');
    wide.addEventListener('change', close);
    return () => {
      wide.removeEventListener('change', close);
      document.body.classList.remove('has-modal');
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div
      ref={ref}
      id="mobile-menu"
      className="mobile-menu"
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
        else if (event.key === 'Tab' && ref.current) trapTab(event.nativeEvent, ref.current);
      }}
    >
      <button
        type="button"
        className="mobile-menu__close"
        aria-label="Close menu"
        onClick={onClose}
      >
        <CloseIcon size={28} />
      </button>
      <nav aria-label="Mobile">
        <ul className="mobile-menu__list">
          {MOBILE_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="mobile-menu__link" onClick={onClose} end>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mobile-menu__note">FREE SHIPPING on orders $100+</p>
    </div>
  );
}
