import { AccountView } from '@/features/account/components/account-view.tsx';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { PageNotice } from '@/shared/ui/page-notice.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import '@/shared/ui/page-frame.css';

/** /account (needs sign-in: the account layout's guard): the account and its order history. */
export default function AccountPage() {
  const user = useAuthStore((s) => s.user);
  const actions = useAuthStore((s) => s.actions);
  if (!user) return null;
  return (
    <div className="page container page-frame">
      <PageTitle title="Account" />
      <PageNotice />
      <AccountView user={user} onLogOut={actions.signOut} onRefresh={actions.refresh} />
    </div>
  );
}
