import {
  CheckoutTotalsSchema,
  ConfirmPaymentIntentResponseSchema,
  type CheckoutTotalsResponse,
} from '@sunward/core/checkout-schemas';
import type { ShippingOption } from '@sunward/core/shipping';
import type { Address } from '@sunward/core/schemas';
import { ApiError, sendJson } from '@/shared/api/http.ts';
import { checkoutApiPaths } from './checkout-api-paths.ts';
import {
  UNEXPECTED_ERROR,
  type PaymentConfirmation,
  type PaymentMethodInput,
} from './payment-outcome.ts';

export interface ConfirmPaymentIntentInput extends PaymentConfirmation {
  paymentIntentId: string;
  clientSecret: string;
  /** What the page shows: the server confirms only for these. */
  shippingOption: ShippingOption;
  address: Address;
  total: number;
  paymentMethod: PaymentMethodInput;
}

export type ConfirmOutcome =
  | { kind: 'succeeded'; redirectUrl: string }
  | { kind: 'requires_action'; challengeUrl?: string; redirectUrl: string }
  /** The page's total is not the server's: nothing was charged; show the right total. */
  | { kind: 'total_changed'; message: string; totals: CheckoutTotalsResponse | null }
  | { kind: 'error'; message: string; toast: boolean };

/**
 * POST /api/orders/confirm-pi: Place Order. The server confirms the payment only for the address, option
 * and total sent. Card errors and declines come back with the provider's message (spec 8); conflicts
 * (total changed, out of stock) with the server's.
 */
export async function confirmPaymentIntent(
  input: ConfirmPaymentIntentInput,
): Promise<ConfirmOutcome> {
  try {
    const response = await sendJson(checkoutApiPaths.confirmPaymentIntent(), input);
    const result = ConfirmPaymentIntentResponseSchema.parse(await response.json());
    return result.status === 'succeeded'
      ? { kind: 'succeeded', redirectUrl: result.redirectUrl }
      : {
          kind: 'requires_action',
          redirectUrl: result.redirectUrl,
          ...(result.challengeUrl ? { challengeUrl: result.challengeUrl } : {}),
        };
  } catch (error) {
    if (!(error instanceof ApiError))
      return { kind: 'error', message: UNEXPECTED_ERROR, toast: false };
    if (error.code === 'total_changed') {
      const totals = CheckoutTotalsSchema.safeParse((error.body as { totals?: unknown }).totals);
      return {
        kind: 'total_changed',
        message: error.message,
        totals: totals.success ? totals.data : null,
      };
    }
    if (error.status === 400 || error.status === 402) {
      return { kind: 'error', message: error.message, toast: false };
    }
    if (error.status === 409 || error.status === 422) {
      return { kind: 'error', message: error.message, toast: true };
    }
    return { kind: 'error', message: UNEXPECTED_ERROR, toast: false };
  }
}
