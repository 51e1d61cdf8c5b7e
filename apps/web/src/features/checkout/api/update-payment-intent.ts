import { useEffect, useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CheckoutTotalsSchema, type CheckoutTotalsResponse } from '@sunward/core/checkout-schemas';
import type { ShippingOption } from '@sunward/core/shipping';
import { ApiError, sendJson } from '@/shared/api/http.ts';
import { checkoutApiPaths, type AddressParam } from './checkout-api-paths.ts';

export interface UpdatePaymentIntentInput {
  paymentIntentId: string;
  clientSecret: string;
  shippingOption: ShippingOption;
  address: AddressParam;
  name: string;
  email: string;
  /** The discount code applied in the bag or here (issue 28); absent for none. */
  discountCode?: string;
  /** The box "Email me a reminder if I leave items in my bag" (never ticked in advance). */
  reminderConsent: boolean;
}

/**
 * POST /api/orders/update-pi: the server checks the address again, prices shipping and tax, sets the
 * intent's amount and answers the totals in cents. The client never decides the charged amount.
 */
export async function updatePaymentIntent(
  input: UpdatePaymentIntentInput,
): Promise<CheckoutTotalsResponse> {
  const response = await sendJson(checkoutApiPaths.updatePaymentIntent(), {
    ...input,
    address: { ...input.address, country: 'US' },
  });
  return CheckoutTotalsSchema.parse(await response.json());
}

const keyOf = (input: UpdatePaymentIntentInput | null) => (input ? JSON.stringify(input) : null);

/**
 * The totals for what is on screen. update-pi changes the server's checkout, so it is sent on every
 * change, never answered from a cache: choosing Ground, then Priority, then Ground again sends three
 * requests, one after the other, and the server's checkout ends on Ground. Only the answer to the
 * latest request counts (a mutation observer follows its latest call), and totals are shown only for
 * the input they answer.
 */
export function useCheckoutTotals(input: UpdatePaymentIntentInput | null) {
  const { mutate, reset, data, error, isPending, variables } = useMutation({
    mutationFn: updatePaymentIntent,
    retry: false,
    // One at a time, in the order asked: a change sent while the one before is under way could be
    // taken first by the server, leaving the checkout on the earlier choices while the page shows
    // the later ones (Place Order then refused: "Your order total has changed...").
    scope: { id: 'checkout-totals' },
  });
  const key = keyOf(input);
  // The input is rebuilt on every render; its key says when it really changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const current = useMemo(() => input, [key]);
  useEffect(() => {
    if (current) mutate(current);
    else reset();
  }, [current, mutate, reset]);
  const answered = key !== null && keyOf(variables ?? null) === key;
  return {
    totals: answered && !isPending ? data : undefined,
    pending: key !== null && (isPending || !answered),
    error: answered && !isPending && error ? error.message : null,
    /** The server's code for that error (e.g. `bad_discount`: the discount code does not apply). */
    errorCode: answered && !isPending && error instanceof ApiError ? error.code : undefined,
    /** Ask again for what is on screen (after the server said the total changed). */
    refresh: () => current && mutate(current),
  };
}
