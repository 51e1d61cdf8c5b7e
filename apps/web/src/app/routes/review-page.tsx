import { useSearchParams } from 'react-router';
import { ReviewOrder } from '@/features/reviews/components/review-order.tsx';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/**
 * /review?token=… (the invitation email's link: it proves the order, for a guest has no account) or
 * /review?order=… (a signed-in buyer's "Write a review" on the account page): the order's designs to
 * review (issue 29).
 */
export default function ReviewPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const order = params.get('order');
  const user = useAuthStore((s) => s.user);
  const status = useAuthStore((s) => s.status);
  const signIn = useAuthStore((s) => s.actions.signIn);
  let body;
  if (token) body = <ReviewOrder proof={{ token }} />;
  else if (order && user) body = <ReviewOrder proof={{ orderNumber: order }} />;
  else if (order && status !== 'loading') {
    body = (
      <>
        <p>Sign in to review the shirts of order {order}.</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void signIn(`/review?${params}`)}
        >
          Sign In
        </button>
      </>
    );
  } else if (!order) {
    body = (
      <p>
        This link is not complete. Please use the link in the email as it was sent, or Write a
        review from your account.
      </p>
    );
  }
  return (
    <div className="page container page--narrow">
      <PageTitle title="Review Your Shirts" />
      <h1 className="page-title">Review Your Shirts</h1>
      {body}
    </div>
  );
}
