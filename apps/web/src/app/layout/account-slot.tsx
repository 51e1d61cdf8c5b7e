import { useNavigate } from 'react-router';
import { UserIcon } from '@/shared/ui/icons.tsx';
import { paths } from '@/shared/paths.ts';

/**
 * The header's account slot. Spec 2: Account when signed in, Sign In otherwise (nothing while auth
 * loads). Until the accounts work wires the identity provider, Sign In goes to /account.
 */
export function AccountSlot() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="header__signin"
      onClick={() => void navigate(paths.account.href())}
    >
      <UserIcon />
      <span>Sign In</span>
    </button>
  );
}
