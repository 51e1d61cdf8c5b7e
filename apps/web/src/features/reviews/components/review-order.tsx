import { designTitle } from '@sunward/core/designs';
import { useReviewableOrder, type ReviewProof } from '../api/get-reviewable-order.ts';
import { ReviewForm } from './review-form.tsx';
import './review-order.css';

/** An order's designs to review (issue 29): a form for each not yet reviewed, thanks for the others. */
export function ReviewOrder({ proof }: { proof: ReviewProof }) {
  const query = useReviewableOrder(proof);
  if (query.isError) {
    return (
      <div className="review-order">
        <p className="field__error" role="alert">
          {query.error.message}
        </p>
      </div>
    );
  }
  if (!query.data) return <p>Loading your order…</p>;
  const { orderNumber, designs } = query.data;
  return (
    <div className="review-order">
      <p className="page-lead">
        Order {orderNumber}. Your review shows on the design, marked Verified buyer, once the shop
        has read it. One review per design of this order.
      </p>
      {designs.map((line) =>
        line.reviewed ? (
          <p key={line.design} className="review-order__done" role="status">
            Thank you: your review of {designTitle(line.design)} is with us.
          </p>
        ) : (
          <ReviewForm key={line.design} proof={proof} line={line} />
        ),
      )}
    </div>
  );
}
