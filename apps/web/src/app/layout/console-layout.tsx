import { Link } from 'react-router';
import { BrandLogo } from '@/shared/ui/brand-logo.tsx';
import { paths } from '@/shared/paths.ts';
import { PageOutlet } from './page-outlet.tsx';
import './console-layout.css';

/**
 * The operator console (/admin/*): its own frame and error boundary; it never waits for the shop's
 * catalogue. The console issue adds its navigation and the operator's sign-in here.
 */
export function ConsoleLayout() {
  return (
    <div className="console">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console__header">
        <Link to={paths.console.href()} className="console__brand">
          <BrandLogo alt="" className="console__logo" />
          <span>Console</span>
        </Link>
        <Link to={paths.home.href()} className="console__shop-link">
          Shop
        </Link>
      </header>
      <main id="main" className="console__main" tabIndex={-1}>
        <PageOutlet />
      </main>
    </div>
  );
}
