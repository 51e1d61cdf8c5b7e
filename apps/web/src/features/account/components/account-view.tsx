import type { AuthUser } from '@/shared/auth/auth-store.ts';
import { AccountSummary } from './account-summary.tsx';
import { OrderHistory } from './order-history.tsx';

interface Props {
  user: AuthUser;
  onLogOut: () => Promise<void>;
  onRefresh: () => Promise<void>;
}

/** /account (spec 2): who is signed in, then, once the email is verified, the order history. */
export function AccountView({ user, onLogOut, onRefresh }: Props) {
  return (
    <div className="account-view">
      <AccountSummary user={user} onLogOut={onLogOut} onRefresh={onRefresh} />
      {user.emailVerified ? <OrderHistory userId={user.sub} /> : null}
    </div>
  );
}
