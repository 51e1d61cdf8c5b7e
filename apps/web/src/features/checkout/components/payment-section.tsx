import { lazy, Suspense } from 'react';
import type { CreatePaymentIntentResponse } from '@sunward/core/checkout-schemas';
import { CardBrands } from '@/shared/ui/card-brands.tsx';
import type { PaymentFormProps } from './payment-form-props.ts';
import './payment.css';
import { SandboxCardForm } from './sandbox-card-form.tsx';

// Stripe's code lives in its own chunk: the sandbox path never loads it.
const StripePaymentElement = lazy(() => import('./stripe-payment-element.tsx'));

/**
 * The embedded card form of the intent's provider, the 'Test mode' marker for the sandbox, and the
 * payment message under the form (spec 8).
 */
export function PaymentSection(props: {
  intent: CreatePaymentIntentResponse | undefined;
  intentError: string | null;
  message: string | null;
  disabled: boolean;
  onReady: PaymentFormProps['onReady'];
  onChange: PaymentFormProps['onChange'];
}) {
  const { intent } = props;
  if (props.intentError) {
    return (
      <p className="notice notice--error" role="alert">
        {props.intentError}
      </p>
    );
  }
  if (!intent) {
    return (
      <p className="checkout__muted" aria-busy="true">
        Loading the secure card form…
      </p>
    );
  }
  const formProps: PaymentFormProps = {
    intent,
    disabled: props.disabled,
    onReady: props.onReady,
    onChange: props.onChange,
  };
  return (
    <div className="payment">
      <CardBrands className="payment__brands" />
      {intent.provider === 'sandbox' ? (
        <>
          <p className="test-mode">
            <span className="test-mode__badge">Test mode, no real charge</span>
          </p>
          <SandboxCardForm {...formProps} />
        </>
      ) : (
        <Suspense
          fallback={
            <p className="checkout__muted" aria-busy="true">
              Loading the secure card form…
            </p>
          }
        >
          <StripePaymentElement {...formProps} />
        </Suspense>
      )}
      <div className="payment__message">
        {props.message ? (
          <p className="field__error payment__error" role="alert">
            {props.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
