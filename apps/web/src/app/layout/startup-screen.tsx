import { BrandLogo } from '@/shared/ui/brand-logo.tsx';

/**
 * Spec 2: the start-up screen (logo and animated dots) until the catalogue is loaded. index.html holds
 * the same markup so it shows before any script runs; its styles live there too.
 */
export function StartupScreen() {
  return (
    <div className="startup" role="status">
      <BrandLogo alt="" className="startup__logo" />
      <svg className="startup__dots" viewBox="0 0 46 10" width="46" height="10" aria-hidden="true">
        <circle cx="5" cy="5" r="5" />
        <circle cx="23" cy="5" r="5" />
        <circle cx="41" cy="5" r="5" />
      </svg>
      <span className="visually-hidden">Loading the shop</span>
    </div>
  );
}
