import { describe, expect, it, vi } from 'vitest';
import { followRedirect } from './use-place-order.ts';

describe('followRedirect', () => {
  it('shows the success page in this document (the router), with its query', () => {
    const navigate = vi.fn();
    const url = new URL(
      '/success?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x',
      window.location.origin,
    );
    followRedirect(url.toString(), navigate);
    expect(navigate).toHaveBeenCalledWith(
      '/success?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x',
    );
  });
});
