import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  SandboxConfirmResponseSchema,
  type SandboxConfirmRequestSchema,
} from '@sunward/core/checkout-schemas';
import { ApiError, sendJson } from '@/shared/api/http.ts';
import { checkoutApiPaths } from './checkout-api-paths.ts';
import { UNEXPECTED_ERROR, type PaymentOutcome } from './payment-outcome.ts';

export type SandboxConfirmInput = z.input<typeof SandboxConfirmRequestSchema>;

/**
 * POST /api/sandbox/payment-intents/:id/confirm: succeeded (go to redirectUrl), requires_action (go to
 * the 3-D Secure challengeUrl), or a card or validation error (400/402) whose message the form shows.
 */
export async function confirmSandboxPayment(
  paymentIntentId: string,
  body: SandboxConfirmInput,
): Promise<PaymentOutcome> {
  try {
    const response = await sendJson(checkoutApiPaths.confirmSandboxPayment(paymentIntentId), body);
    const result = SandboxConfirmResponseSchema.parse(await response.json());
    return result.status === 'succeeded'
      ? { kind: 'redirect', url: result.redirectUrl }
      : { kind: 'redirect', url: result.challengeUrl };
  } catch (error) {
    // Spec 8: card and validation errors show the provider's message; anything else a generic one.
    if (error instanceof ApiError && (error.status === 400 || error.status === 402)) {
      return { kind: 'error', message: error.message };
    }
    return { kind: 'error', message: UNEXPECTED_ERROR };
  }
}

export function useConfirmSandboxPayment() {
  return useMutation({
    mutationFn: (input: { paymentIntentId: string; body: SandboxConfirmInput }) =>
      confirmSandboxPayment(input.paymentIntentId, input.body),
  });
}
