/**
 * The Stripe Payment Element, for provider 'stripe' only. This module is imported lazily, so the
 * sandbox path never loads it; it loads Stripe.js from js.stripe.com (allowed by the CSP when a
 * publishable key is configured) and mounts the element with the intent's client secret.
 */
import { useEffect, useRef, useState } from 'react';
import { UNEXPECTED_ERROR } from '../api/payment-outcome.ts';
import type { PaymentFormProps } from './payment-form-props.ts';

interface StripeError {
  type: string;
  message?: string;
}
interface StripeElement {
  mount: (el: HTMLElement) => void;
  destroy: () => void;
  on: (event: 'ready' | 'change', handler: (e: { complete?: boolean }) => void) => void;
}
interface StripeElements {
  create: (type: 'payment', options?: object) => StripeElement;
  submit: () => Promise<{ error?: StripeError }>;
  update: (options: { amount: number }) => void;
}
interface StripeInstance {
  elements: (options: {
    mode: 'payment';
    amount: number;
    currency: 'usd';
    paymentMethodCreation: 'manual';
    appearance?: object;
  }) => StripeElements;
  createConfirmationToken: (options: {
    elements: StripeElements;
    params: object;
  }) => Promise<{ error?: StripeError; confirmationToken?: { id: string } }>;
  handleNextAction: (options: {
    clientSecret: string;
  }) => Promise<{ error?: StripeError; paymentIntent?: { status: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeInstance;

const STRIPE_JS = 'https://js.stripe.com/v3';
let loading: Promise<StripeFactory> | null = null;

function loadStripeJs(): Promise<StripeFactory> {
  const existing = (window as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const factory = (window as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load.'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Stripe's wording for card and validation errors; anything else is unexpected (spec 8). */
function messageOf(error: StripeError): { ok: false; message: string } {
  return error.type === 'card_error' || error.type === 'validation_error'
    ? { ok: false, message: error.message ?? UNEXPECTED_ERROR }
    : { ok: false, message: UNEXPECTED_ERROR };
}

export default function StripePaymentElement({ intent, onReady, onChange }: PaymentFormProps) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let element: StripeElement | null = null;
    let cancelled = false;
    const key = intent.publishableKey;
    if (!key) {
      setFailed('The card form is not configured.');
      return;
    }
    loadStripeJs()
      .then((Stripe) => {
        if (cancelled || !host.current) return;
        const stripe = Stripe(key);
        // Deferred intent: the element collects the card, Stripe.js turns it into a ConfirmationToken,
        // and the shop's server confirms the intent for the total on screen.
        const elements = stripe.elements({
          mode: 'payment',
          amount: Math.max(intent.amount, 50),
          currency: 'usd',
          paymentMethodCreation: 'manual',
          appearance: {
            theme: 'stripe',
            variables: { colorPrimary: '#17614a', borderRadius: '8px' },
          },
        });
        element = elements.create('payment', { fields: { billingDetails: { address: 'never' } } });
        element.on('ready', () =>
          onReady({
            prepare: async ({ billingDetails, shipping, returnUrl }) => {
              const submitted = await elements.submit();
              if (submitted.error) return messageOf(submitted.error);
              const { error, confirmationToken } = await stripe.createConfirmationToken({
                elements,
                params: {
                  return_url: returnUrl,
                  payment_method_data: { billing_details: billingDetails },
                  ...(shipping ? { shipping } : {}),
                },
              });
              if (error) return messageOf(error);
              if (!confirmationToken) return { ok: false, message: UNEXPECTED_ERROR };
              return {
                ok: true,
                paymentMethod: { type: 'confirmation_token', id: confirmationToken.id },
              };
            },
            handleNextAction: async (clientSecret) => {
              const { error } = await stripe.handleNextAction({ clientSecret });
              return error ? messageOf(error) : { ok: true };
            },
          }),
        );
        element.on('change', (e) => onChange({ complete: Boolean(e.complete) }));
        element.mount(host.current);
      })
      .catch((error: Error) => !cancelled && setFailed(error.message));
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [intent.amount, intent.publishableKey, onReady, onChange]);

  if (failed) {
    return (
      <p className="notice notice--error" role="alert">
        {failed}
      </p>
    );
  }
  return <div ref={host} className="stripe-element" />;
}
