/**
 * The Stripe Payment Element, for provider 'stripe' only. This module is imported lazily, so the
 * sandbox path never loads it; it loads Stripe.js from js.stripe.com (allowed by the CSP when a
 * publishable key is configured) and mounts the element with the intent's client secret.
 */
import { useEffect, useRef, useState } from 'react';
import { UNEXPECTED_ERROR, type PaymentOutcome } from '../api/payment-outcome.ts';
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
}
interface StripeInstance {
  elements: (options: { clientSecret: string; appearance?: object }) => StripeElements;
  confirmPayment: (options: {
    elements: StripeElements;
    confirmParams: object;
    redirect: 'if_required';
  }) => Promise<{ error?: StripeError; paymentIntent?: { id: string } }>;
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
function outcomeOf(error: StripeError): PaymentOutcome {
  return error.type === 'card_error' || error.type === 'validation_error'
    ? { kind: 'error', message: error.message ?? UNEXPECTED_ERROR }
    : { kind: 'error', message: UNEXPECTED_ERROR };
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
        const elements = stripe.elements({
          clientSecret: intent.clientSecret,
          appearance: {
            theme: 'stripe',
            variables: { colorPrimary: '#17614a', borderRadius: '8px' },
          },
        });
        element = elements.create('payment', { fields: { billingDetails: { address: 'never' } } });
        element.on('ready', () =>
          onReady({
            confirm: async ({ billingDetails, shipping, returnUrl }) => {
              const { error, paymentIntent } = await stripe.confirmPayment({
                elements,
                confirmParams: {
                  return_url: returnUrl,
                  payment_method_data: { billing_details: billingDetails },
                  ...(shipping ? { shipping } : {}),
                },
                // A card that needs a redirect (3-D Secure) leaves here; one that does not comes back.
                redirect: 'if_required',
              });
              if (error) return outcomeOf(error);
              if (!paymentIntent) return { kind: 'error', message: UNEXPECTED_ERROR };
              const url = new URL(returnUrl);
              url.searchParams.set('payment_intent', paymentIntent.id);
              // As Stripe's own redirect does: the success page reads the order with it.
              url.searchParams.set('payment_intent_client_secret', intent.clientSecret);
              return { kind: 'redirect', url: url.toString() };
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
  }, [intent.clientSecret, intent.publishableKey, onReady, onChange]);

  if (failed) {
    return (
      <p className="notice notice--error" role="alert">
        {failed}
      </p>
    );
  }
  return <div ref={host} className="stripe-element" />;
}
