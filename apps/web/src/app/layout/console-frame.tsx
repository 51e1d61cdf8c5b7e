import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import type { AdminSession } from '@/shared/console/admin-session.ts';
import { paths } from '@/shared/paths.ts';
import { CloseIcon, MenuIcon } from '@/shared/ui/icons.tsx';
import { CONSOLE_LINKS } from './console-nav-links.ts';
import { PageOutlet } from './page-outlet.tsx';
import { useWideScreen } from './console-wide-screen.ts';

/** Log Out: the provider's logout, back to the shop (disabled once under way). */
export function LogOutButton({
  className = 'btn btn--outline btn--small',
}: {
  className?: string;
}) {
  const signOut = useAuthStore((s) => s.actions.signOut);
  const signingOut = useAuthStore((s) => s.signingOut);
  return (
    <button
      type="button"
      className={className}
      onClick={() => void signOut()}
      disabled={signingOut}
    >
      {signingOut ? 'Logging out…' : 'Log Out'}
    </button>
  );
}

/**
 * The console's frame for an operator: a header (the shop's name and "Console", who is signed in, Log
 * Out, the way to the shop) and the sections' navigation, a side bar on wide screens and a menu button
 * that opens the same list on narrow ones; the current section is marked (aria-current).
 */
export function ConsoleFrame({ operator }: { operator: AdminSession }) {
  const { shopName } = useConfiguration();
  const wide = useWideScreen();
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The menu closes on navigation: it is open only on the page where it was opened.
  const menuOpen = openAt === pathname;
  const showNav = wide || menuOpen;

  const onNavKeyDown = (event: KeyboardEvent) => {
    if (wide || event.key !== 'Escape') return;
    setOpenAt(null);
    menuButton.current?.focus();
  };

  return (
    <div className="console">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console__header">
        {wide ? null : (
          <button
            ref={menuButton}
            type="button"
            className="console__menu-button"
            aria-expanded={menuOpen}
            aria-controls="console-nav"
            onClick={() => setOpenAt(menuOpen ? null : pathname)}
          >
            {menuOpen ? <CloseIcon size={20} /> : <MenuIcon size={20} />}
            Menu
          </button>
        )}
        <Link to={paths.console.href()} className="console__brand">
          <span className="console__shop-name">{shopName}</span>{' '}
          <span className="console__badge">Console</span>
        </Link>
        {/* On a phone these are in the menu, so the shop's name keeps its room. */}
        {wide ? (
          <div className="console__user">
            <Link to={paths.home.href()} className="console__shop-link">
              View shop
            </Link>
            <span className="console__email" title={operator.email}>
              {operator.email}
            </span>
            <LogOutButton className="btn btn--small console__logout" />
          </div>
        ) : null}
      </header>
      <div className="console__body">
        {showNav ? (
          <nav
            id="console-nav"
            className={wide ? 'console__nav' : 'console__nav console__nav--menu'}
            aria-label="Console"
            onKeyDown={onNavKeyDown}
          >
            <ul className="console__nav-list">
              {CONSOLE_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className="console__nav-link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            {wide ? null : (
              <div className="console__nav-foot">
                <p className="console__signed-in">
                  Signed in as <strong>{operator.email}</strong>
                </p>
                <Link to={paths.home.href()}>View shop</Link>
                <LogOutButton />
              </div>
            )}
          </nav>
        ) : null}
        <main id="main" className="console__main" tabIndex={-1}>
          <PageOutlet />
        </main>
      </div>
    </div>
  );
}
