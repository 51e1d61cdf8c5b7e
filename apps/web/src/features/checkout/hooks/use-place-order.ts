import { useState } from 'react';
import type { NavigateFunction } from 'react-router';
import type { CheckoutTotalsResponse } from '@sunward/core/checkout-schemas';
import type { Address } from '@sunward/core/schemas';
import { paths } from '@/shared/paths.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { confirmPaymentIntent } from '../api/confirm-payment-intent.ts';
import {
  UNEXPECTED_ERROR,
  type PaymentConfirmation,
  type PaymentMethodHandle,
} from '../api/payment-outcome.ts';
import type { UpdatePaymentIntentInput } from '../api/update-payment-intent.ts';
import type { AddressParam } from '../api/checkout-api-paths.ts';

const toAddress = (a: AddressParam): Address => ({ ...a, country: 'US' });

/**
 * Goes to the page the server names after Place Order. The success page is one of the app's own: the
 * router shows it in this document, so the start-up screen does not flash again while everything
 * loads anew (the page reads its order from the URL, so a reload or a link still works). Anything else
 * (the sandbox's 3-D Secure page, which comes back to /success) is left for with a page load.
 */
export function followRedirect(url: string, navigate: NavigateFunction): void {
  const next = new URL(url, window.location.href);
  if (next.origin === window.location.origin && next.pathname === paths.success.pattern) {
    void navigate(`${next.pathname}${next.search}${next.hash}`);
  } else {
    window.location.assign(next.toString());
  }
}

export interface PlaceOrderInput {
  /** The choices on screen, and the total shown for them (the server's answer to exactly these). */
  shown: UpdatePaymentIntentInput;
  totals: CheckoutTotalsResponse;
  handle: PaymentMethodHandle;
  email: string;
  billing: { name: string; address: AddressParam };
  /** Spec 7: the shipping name and address go with the payment when the suggestion was chosen. */
  shipping: { name: string; address: AddressParam } | null;
  /** Asks the server again for the totals on screen (after it said the total changed). */
  refreshTotals: () => void;
}

/**
 * Place Order: the payment form hands over the payment method, and the shop's server confirms it for the
 * address, option and total on screen, or refuses without charging when they are not its own (then the
 * page asks for the totals again and the shopper sees the right total before trying again).
 */
export function usePlaceOrder(go: (url: string) => void) {
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const placeOrder = async (input: PlaceOrderInput) => {
    setSubmitting(true);
    setMessage(null);
    const stop = (text: string) => {
      setMessage(text);
      setSubmitting(false);
    };
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
    const prepared = await input.handle
      .prepare(confirmation)
      .catch(() => ({ ok: false as const, message: UNEXPECTED_ERROR }));
    if (!prepared.ok) return stop(prepared.message);

    const outcome = await confirmPaymentIntent({
      ...confirmation,
      paymentIntentId: input.shown.paymentIntentId,
      clientSecret: input.shown.clientSecret,
      shippingOption: input.shown.shippingOption,
      address: toAddress(input.shown.address),
      total: input.totals.total,
      paymentMethod: prepared.paymentMethod,
    });
    switch (outcome.kind) {
      case 'succeeded':
        return go(outcome.redirectUrl); // the page stays busy until the next one replaces it
      case 'requires_action': {
        if (outcome.challengeUrl) return go(outcome.challengeUrl);
        const next = await input.handle.handleNextAction?.(input.shown.clientSecret);
        if (next?.ok) return go(outcome.redirectUrl);
        return stop(next?.message ?? UNEXPECTED_ERROR);
      }
      case 'total_changed':
        input.refreshTotals();
        toast.error(outcome.message);
        return stop(outcome.message);
      case 'error':
        if (outcome.toast) toast.error(outcome.message);
        return stop(outcome.message);
    }
  };

  return { submitting, message, clearMessage: () => setMessage(null), placeOrder };
}
