import { useResendVerification } from '../api/resend-verification.ts';

/**
 * Sends the verification link again (the built-in provider's call): the server's answer is shown below
 * the button, including when it was asked too often (429).
 */
export function ResendVerification({ url }: { url: string }) {
  const resend = useResendVerification();
  const message = resend.isSuccess ? resend.data : resend.isError ? resend.error.message : null;
  return (
    <div className="account-summary__resend">
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => resend.mutate(url)}
        disabled={resend.isPending}
        aria-busy={resend.isPending}
      >
        {resend.isPending ? 'Sending…' : 'Send Verification Email Again'}
      </button>
      <p
        className={`account-summary__message${resend.isError ? ' account-summary__message--error' : ''}`}
        role="status"
      >
        {message}
      </p>
    </div>
  );
}
