import { Navigate, useLocation } from 'react-router';
import { hasStoredSignIn } from '@/shared/auth/auth-store.ts';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { paths } from '@/shared/paths.ts';
import './page-notice.css';

/** Navigation state that carries a line for the page it leads to: why the shopper was sent there. */
export interface NoticeState {
  notice: string;
}

/** The notice in the page's navigation state, when another page sent the shopper here to say why. */
export function readNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice } = state as { notice?: unknown };
  return typeof notice === 'string' && notice.trim() ? notice.trim() : null;
}

/**
 * The line another page left in the navigation state, if any. The state is this browser's: a
 * prerendered page (the lookup, the bag) reloaded with it has the line once the app has hydrated, not
 * during hydration (the server rendered the page without it).
 */
export function useNotice(): string | null {
  const notice = readNotice(useLocation().state);
  return useHydrated() ? notice : null;
}

/** The line another page left in the navigation state (e.g. /return opened without its order). */
export function PageNotice() {
  const notice = useNotice();
  if (!notice) return null;
  return (
    <p role="status" className="page-notice">
      {notice}
    </p>
  );
}

/**
 * A page opened without the order it needs (a reload, a shared link, typed in) sends the shopper where
 * orders are found: the account's order history when signed in on this device, else the order lookup,
 * with a line saying why (issue 30). `why` words it around how the order is found there.
 */
export function ToFindTheOrder({ why }: { why: (find: string) => string }) {
  const signedIn = hasStoredSignIn();
  const state: NoticeState = {
    notice: why(signedIn ? 'find the order in your order history' : 'find your order here'),
  };
  return (
    <Navigate
      replace
      to={signedIn ? paths.account.href() : paths.orderLookup.href()}
      state={state}
    />
  );
}
