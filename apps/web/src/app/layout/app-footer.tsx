import { Link } from 'react-router';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import { paths } from '@/shared/paths.ts';
import { BrandMark } from '@/shared/ui/brand-logo.tsx';
import { CardBrands } from '@/shared/ui/card-brands.tsx';
import { MOBILE_LINKS } from './nav-links.ts';
import './app-footer.css';

const HELP_LINKS = [
  { label: 'Order Lookup', to: paths.orderLookup.href() },
  { label: 'Returns', to: paths.returnPolicy.href() },
  { label: 'Privacy Policy', to: paths.privacyPolicy.href() },
  { label: 'Terms of Use', to: paths.termsOfUse.href() },
  // Beside the policies (issue 30): a shopper's right to their data, not only inside the privacy policy.
  { label: 'Data Request', to: paths.dataRequest.href() },
] as const;

/** Spec 2: the same navigation plus Order Lookup, support email, Returns, policies and copyright 2025. */
export function AppFooter() {
  const { shopName, supportEmail } = useConfiguration();
  return (
    <footer className="footer">
      <div className="footer__inner container">
        <div className="footer__brand">
          <p className="footer__name">
            <BrandMark className="footer__mark" />
            {shopName}
          </p>
          <p className="footer__tagline">
            UPF 50+ printed sun shirts for long days outside. Designed in Charlotte, North Carolina.
          </p>
          <CardBrands className="footer__cards" />
        </div>
        <nav className="footer__nav" aria-label="Footer">
          <div>
            <h2 className="footer__heading">Shop</h2>
            <ul>
              {MOBILE_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="footer__heading">Help</h2>
            <ul>
              {HELP_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
          {/* A row of its own, as wide as the footer, so the address wraps whole (never mid-word). */}
          <p className="footer__contact">
            <span className="footer__heading">Email us</span>
            <a className="footer__email" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </p>
        </nav>
      </div>
      <p className="footer__copyright">© 2025 {shopName}. All rights reserved.</p>
    </footer>
  );
}
