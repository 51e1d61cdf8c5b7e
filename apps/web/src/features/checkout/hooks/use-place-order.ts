import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Address } from '@sunward/core/schemas';
import { paths } from '@/app/paths.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import {
  checkoutTotalsQuery,
  type UpdatePaymentIntentInput,
} from '../api/update-payment-intent.ts';
import {
  UNEXPECTED_ERROR,
  type PaymentConfirmation,
  type PaymentMethodHandle,
} from '../api/payment-outcome.ts';
import type { AddressParam } from '../api/checkout-api-paths.ts';

const toAddress = (a: AddressParam): Address => ({ ...a, country: 'US' });

/** Leaves the shop for the next page (success, or the 3-D Secure challenge). */
export function goTo(url: string): void {
  window.location.assign(url);
}

export interface PlaceOrderInput {
  /** What update-pi must have seen: the address, option, name and email on screen. */
  totals: UpdatePaymentIntentInput;
  handle: PaymentMethodHandle;
  email: string;
  billing: { name: string; address: AddressParam };
  /** Spec 7: the shipping name and address go with the payment when the suggestion was chosen. */
  shipping: { name: string; address: AddressParam } | null;
}

/**
 * Place Order: make sure the intent carries the totals on screen (update-pi, read from the cache when
 * nothing changed), then confirm the payment with the card provider and follow where it leads.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const placeOrder = async (input: PlaceOrderInput) => {
    setSubmitting(true);
    setMessage(null);
    try {
      await queryClient.fetchQuery(checkoutTotalsQuery(input.totals));
    } catch (error) {
      toast.error((error as Error).message);
      setMessage(UNEXPECTED_ERROR);
      setSubmitting(false);
      return;
    }
    const confirmation: PaymentConfirmation = {
      billingDetails: {
        name: input.billing.name,
        email: input.email,
        address: toAddress(input.billing.address),
      },
      ...(input.shipping
        ? { shipping: { name: input.shipping.name, address: toAddress(input.shipping.address) } }
        : {}),
      returnUrl: new URL(paths.success.href(), window.location.origin).toString(),
    };
    const outcome = await input.handle.confirm(confirmation).catch(() => ({
      kind: 'error' as const,
      message: UNEXPECTED_ERROR,
    }));
    if (outcome.kind === 'redirect') {
      goTo(outcome.url); // the page stays busy while the browser leaves
      return;
    }
    setMessage(outcome.message);
    setSubmitting(false);
  };

  return { submitting, message, clearMessage: () => setMessage(null), placeOrder };
}
