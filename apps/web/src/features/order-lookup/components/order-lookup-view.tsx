import { useState, type ReactNode } from 'react';
import type { Order } from '@sunward/core/checkout-schemas';
import { ApiError } from '@/shared/api/http.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { useLookupOrder } from '../api/lookup-order.ts';
import type { LookupValues } from './lookup-fields.ts';
import { LookupForm } from './lookup-form.tsx';
import { LookupResult } from './lookup-result.tsx';
import './order-lookup.css';

/** Spec 8: shown inline when nothing matches the number and email. */
export const NO_ORDER_FOUND = 'No order found.';
/** A failure without the server's word (no connection, an answer that is not an order). */
export const LOOKUP_FAILED = 'We could not look up your order just now. Please try again.';

/** What the last search found: the order and the email that found it, nothing, or not asked yet. */
type Outcome =
  { kind: 'found'; order: Order; email: string } | { kind: 'none'; search: number } | null;

/**
 * Spec 2, /order-lookup: a guest's order by its number and email. `notice`, why another page sent the
 * shopper here, stands in the lead's place (it says what to do here; decision 054: no larger line
 * paints after the page that sent the shopper). Search asks the server every time;
 * the order shows below the form; 'No order found.' inline when nothing matches; any other failure (too
 * many tries included) is a toast with the server's message, and the last result stays.
 */
export function OrderLookupView({ notice }: { notice?: ReactNode }) {
  const lookup = useLookupOrder();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Counts searches, so that a second 'No order found.' is a new alert (read out again).
  const [searches, setSearches] = useState(0);

  const search = (values: LookupValues) => {
    const count = searches + 1;
    setSearches(count);
    lookup.mutate(values, {
      onSuccess: (order) => setOutcome({ kind: 'found', order, email: values.email }),
      onError: (error) => {
        if (!(error instanceof ApiError)) toast.error(LOOKUP_FAILED);
        else if (error.status === 404) setOutcome({ kind: 'none', search: count });
        else toast.error(error.message);
      },
    });
  };

  return (
    <div className="order-lookup">
      <div className="order-lookup__search">
        <h1 className="order-lookup__title">Order Lookup</h1>
        {notice ?? (
          <p className="order-lookup__lead">
            Enter your order number and the email you used at checkout to see your order, track it,
            or start a return.
          </p>
        )}
        <LookupForm busy={lookup.isPending} onSearch={search} />
        {outcome?.kind === 'none' ? (
          <p key={outcome.search} className="order-lookup__none" role="alert">
            {NO_ORDER_FOUND}
          </p>
        ) : null}
      </div>
      {outcome?.kind === 'found' ? (
        <LookupResult order={outcome.order} email={outcome.email} />
      ) : null}
    </div>
  );
}
