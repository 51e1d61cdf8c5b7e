import { StorefrontShell } from './storefront-shell.tsx';

/**
 * The account area (/account/*): the storefront's header and footer, without waiting for the catalogue.
 * The accounts issue adds the sign-in guard here (spec 2: an unauthenticated visitor is sent to log in).
 */
export function AccountLayout() {
  return <StorefrontShell />;
}
