import { useReducer, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useOneAtATime } from '@/shared/hooks/use-one-at-a-time.ts';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { customerOrdersKey } from '@/shared/orders/order-query-keys.ts';
import { CUSTOMER_REFRESH_FAILED, refreshCustomer } from '@/shared/customers/refresh-customer.ts';
import { paths } from '@/shared/paths.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { useCreateReturn, type CreateReturnRequest } from '../api/create-return.ts';
import {
  checkReturnForm,
  offersExchange,
  orderUnitCount,
  returnFormReducer,
  startingUnits,
} from '../lib/return-form.ts';
import { unitRefund } from '../lib/return-refund.ts';
import type { ReturnState } from '../lib/return-state.ts';
import { RETURN_TEXTS } from '../lib/return-texts.ts';
import { ReturnReviewModal } from './return-review-modal.tsx';
import { ReturnUnitRow } from './return-unit-row.tsx';
import './returns.css';
import '@/shared/ui/page-frame.css';

/**
 * Spec 2, Start a Return: the order number, one row per unit (a later return: the units kept last time),
 * the free-return note, and Continue, which checks the form (spec 5) and opens the review; Submit Return
 * sends the return once and lands on the confirmation with the order as the server now has it.
 */
export function ReturnForm({ order, email }: ReturnState) {
  const [items, dispatch] = useReducer(returnFormReducer, order, startingUnits);
  // The form's problems show once Continue was pressed, and follow the shopper's corrections.
  const [attempted, setAttempted] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const signedIn = useAuthStore((s) => s.status === 'signedIn');
  const userId = useAuthStore((s) => (s.status === 'signedIn' ? (s.user?.sub ?? null) : null));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createReturn = useCreateReturn();
  const submitting = useOneAtATime();
  const problem = attempted ? checkReturnForm(items) : null;
  const invalid = new Set(problem?.itemIds);
  const exchangeOffered = offersExchange(order);

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!checkReturnForm(items)) setReviewing(true);
  };

  const submit = () => {
    if (!submitting.start()) return;
    const request: CreateReturnRequest = {
      order: email ? { orderNumber: order.orderNumber, email } : { orderNumber: order.orderNumber },
      products: items,
      orderProductCount: orderUnitCount(order),
    };
    createReturn.mutate(
      { request, signedIn },
      {
        onSuccess: (answer) => {
          // The account's order history is read again: Back to Orders shows the new status.
          void queryClient.invalidateQueries({ queryKey: customerOrdersKey() });
          // Spec 6: a signed-in shopper's customer record is refreshed after a return.
          if (userId) {
            refreshCustomer(userId).catch((error: unknown) =>
              toast.error(error instanceof Error ? error.message : CUSTOMER_REFRESH_FAILED),
            );
          }
          void navigate(paths.returnConfirmation.href(), {
            replace: true,
            state: email ? { order: answer, email } : { order: answer },
          });
        },
        onError: (error) => {
          submitting.done();
          toast.error(error.message);
        },
      },
    );
  };

  return (
    <div className="return-page container page-frame">
      {signedIn ? (
        <Link to={paths.account.href()} className="return-page__back">
          Back to Orders
        </Link>
      ) : null}
      <h1 className="page-title">Start a Return</h1>
      <p className="return-page__order">
        Order # <strong>{order.orderNumber}</strong>
      </p>
      <p className="return-page__note">{RETURN_TEXTS.freeReturnNote}</p>

      {items.length === 0 ? (
        <p className="return-page__empty">Every item of this order has been returned.</p>
      ) : (
        <form className="return-form" onSubmit={onContinue} noValidate>
          <fieldset className="return-form__units">
            <legend className="return-form__legend">Choose the items to return</legend>
            <ul className="return-units">
              {items.map((item) => (
                <ReturnUnitRow
                  key={item.itemId}
                  item={item}
                  exchangeOffered={exchangeOffered}
                  refund={unitRefund(order, item.itemId)}
                  invalid={invalid.has(item.itemId)}
                  dispatch={dispatch}
                />
              ))}
            </ul>
          </fieldset>
          <p role="alert" className="return-form__error">
            {problem?.message}
          </p>
          <button type="submit" className="btn btn--primary btn--block return-form__continue">
            Continue
          </button>
        </form>
      )}

      <ReturnReviewModal
        order={order}
        items={items}
        open={reviewing}
        busy={createReturn.isPending}
        onSubmit={submit}
        onClose={() => setReviewing(false)}
      />
    </div>
  );
}
