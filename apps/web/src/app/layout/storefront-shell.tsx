import type { ReactNode } from 'react';
import { AppHeader } from './app-header.tsx';
import { AppFooter } from './app-footer.tsx';
import { PageOutlet } from './page-outlet.tsx';
import './storefront-shell.css';

/**
 * The customer-facing frame of the shop and account areas: header, page, footer. `children` replaces the
 * page (the account area wraps it in its sign-in guard).
 */
export function StorefrontShell({ children }: { children?: ReactNode }) {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader />
      <main id="main" className="shell__main" tabIndex={-1}>
        {children ?? <PageOutlet />}
      </main>
      <AppFooter />
    </div>
  );
}
