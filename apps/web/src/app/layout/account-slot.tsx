import { Link, useLocation } from 'react-router';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { UserIcon } from '@/shared/ui/icons.tsx';
import { paths } from '@/shared/paths.ts';

/**
 * The header's account slot (spec 2): nothing while auth loads (a stored sign-in waits for the library,
 * which arrives after the page), then Account when signed in, or Sign In, which starts the hosted login
 * and comes back to /account. A prerendered page is rendered for a guest (Sign In, as a link), and so
 * is its hydration; the browser's own sign-in state shows right after.
 */
export function AccountSlot() {
  const known = useAuthStore((s) => s.status);
  const hydrated = useHydrated();
  const status = hydrated ? known : 'signedOut';
  const signIn = useAuthStore((s) => s.actions.signIn);
  const onAccount = useLocation().pathname === paths.account.href();
  if (!hydrated) {
    // Until the app has taken over the prerendered page (its script arrives after the first paint),
    // Sign In is a plain link to /account, which starts the hosted login for a signed-out visitor
    // (RequireSignIn): a tap that early loads that page instead of doing nothing. On /account itself
    // it says Account: right for a signed-in shopper, and a signed-out one is on the way to sign in
    // (decision 054), so neither sees a wrong state first.
    return (
      <a href={paths.account.href()} className="header__signin">
        <UserIcon />
        <span>{onAccount ? 'Account' : 'Sign In'}</span>
      </a>
    );
  }
  if (status === 'signedIn') {
    return (
      <Link to={paths.account.href()} className="header__signin">
        <UserIcon />
        <span>Account</span>
      </Link>
    );
  }
  if (status === 'loading') {
    // Nothing shown while a stored sign-in is checked (spec 2), in Account's place and width: the
    // links beside it do not move when it comes (the desktop header moved twice; decision 054).
    return (
      <span className="header__signin header__signin--pending" aria-hidden="true">
        <UserIcon />
        <span>Account</span>
      </span>
    );
  }
  if (status !== 'signedOut') return null;
  return (
    <button
      type="button"
      className="header__signin"
      onClick={() => void signIn(paths.account.href())}
    >
      <UserIcon />
      <span>Sign In</span>
    </button>
  );
}
