import { useState } from 'react';
import { Modal } from '@/shared/ui/modal.tsx';
import { ApiError } from '@/shared/api/http.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { useChangePassword, type ChangePasswordSettings } from '../api/change-password.ts';

/** Said when the reset email could not be asked for (network down, or a reply without a message). */
export const CHANGE_PASSWORD_FAILED = 'We could not send the password email. Please try again.';

/**
 * What a new password does (issue 23): every sign-in of the account ends, so a device someone else
 * holds is signed out too; the shopper should know this one will be as well.
 */
export const SIGNED_OUT_EVERYWHERE =
  'Saving a new password signs you out on every device, this one included. Then sign in with it.';

/** The server's own message when its reply had one (Auth0's errors carry a description instead). */
function failureMessage(error: Error): string {
  const body = error instanceof ApiError ? (error.body as { message?: unknown } | undefined) : null;
  return typeof body?.message === 'string' ? body.message : CHANGE_PASSWORD_FAILED;
}

/**
 * Change Password (spec 2): asks the provider to email a reset link; only once it has, the spec's
 * 'Change Password Request' confirmation. A failure is an error toast.
 */
export function ChangePassword({
  settings,
  clientId,
  email,
}: {
  settings: ChangePasswordSettings;
  clientId: string;
  email: string;
}) {
  const request = useChangePassword();
  const [sent, setSent] = useState(false);
  const ask = () => {
    if (request.isPending) return;
    request.mutate(
      { settings, clientId, email },
      {
        onSuccess: () => setSent(true),
        onError: (error) => toast.error(failureMessage(error)),
      },
    );
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--outline"
        onClick={ask}
        disabled={request.isPending}
        aria-busy={request.isPending}
      >
        {request.isPending ? 'Sending…' : 'Change Password'}
      </button>
      <Modal open={sent} onClose={() => setSent(false)} title="Change Password Request">
        <div className="confirm-dialog">
          <p>
            An email has been sent to your address on file. Please click the link and follow the
            instructions.
          </p>
          <p>{SIGNED_OUT_EVERYWHERE}</p>
          <div className="confirm-dialog__actions">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => setSent(false)}
              data-autofocus
            >
              OK
            </button>
          </div>
        </div>
      </Modal>
    </>
  );
}
