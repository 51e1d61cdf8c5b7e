import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { BrandMark } from '@/shared/ui/brand-logo.tsx';
import { MenuIcon } from '@/shared/ui/icons.tsx';
import { paths } from '@/shared/paths.ts';
import { AccountSlot } from './account-slot.tsx';
import { BagLink } from './bag-link.tsx';
import { MAIN_LINKS } from './nav-links.ts';
import './app-header.css';

/** The full-screen menu is only for small screens: its code loads when it first opens. */
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((m) => ({ default: m.MobileMenu })));

export function AppHeader() {
  const { shopName } = useConfiguration();
  const [menuOpen, setMenuOpen] = useState(false);
  // The menu is the app's: on a prerendered page it waits for the app (disabled until hydrated)
  // rather than swallow a tap (decision 025).
  const hydrated = useHydrated();
  return (
    <header className="header">
      <p className="header__banner">
        <strong>FREE SHIPPING</strong> on orders $100+
      </p>
      <div className="header__bar">
        <button
          type="button"
          className="header__menu-button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? 'mobile-menu' : undefined}
          disabled={!hydrated}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
        <Link to={paths.home.href()} className="header__logo" aria-label={`${shopName} home`}>
          {/* The mark and the name as text: the whole logo's tagline would be ~6 px tall here. */}
          <BrandMark className="header__logo-mark" />
          <span className="header__logo-name">{shopName}</span>
        </Link>
        <nav className="header__nav" aria-label="Main">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className="header__link">
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="header__actions">
          <AccountSlot />
          <BagLink />
        </div>
      </div>
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
