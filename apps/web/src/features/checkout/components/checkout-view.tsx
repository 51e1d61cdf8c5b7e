import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DiscountCodeField } from '@/shared/discount/discount-code-field.tsx';
import { paths } from '@/shared/paths.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { useCheckout } from '../hooks/use-checkout.ts';
import { AddressPanel } from './address-panel.tsx';
import { BillingAddress } from './billing-address.tsx';
import { ContactEmail } from './contact-email.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PaymentSection } from './payment-section.tsx';
import { PlaceOrderButton } from './place-order-button.tsx';
import { ShippingOptions } from './shipping-options.tsx';
import './checkout.css';
import './checkout-fields.css';

/** The page's title and the way back to the bag: the checkout's, and its frame's (checkout-frame.tsx). */
export function CheckoutHead() {
  return (
    <div className="page-head">
      <h1 className="page-head__title">Checkout</h1>
      <Link to={paths.bag.href()} className="checkout__back">
        Back to bag
      </Link>
    </div>
  );
}

/** The form's steps, in order, with their headings: the checkout's, and its frame's. */
const STEPS = {
  contact: 'Contact',
  shipping: 'Shipping Address',
  option: 'Shipping Option',
  payment: 'Payment',
} as const;

/** One step of the form under its heading (the frame fills it with grey blocks). */
export function CheckoutSection({
  step,
  children,
}: {
  step: keyof typeof STEPS;
  children: ReactNode;
}) {
  return (
    <section className="checkout__section" aria-labelledby={`${step}-title`}>
      <h2 id={`${step}-title`} className="checkout__heading">
        {STEPS[step]}
      </h2>
      {children}
    </section>
  );
}

/** Where the shipping options go until the address is verified (and in the frame). */
export function OptionsAfterAddress() {
  return <p className="checkout__muted">Verify your shipping address to see shipping options.</p>;
}

/** Spec 2, /checkout: contact, shipping address, shipping option, payment; the summary alongside. */
export function CheckoutView() {
  const c = useCheckout();
  const { intentError } = c;
  const verified = c.address.panel.step === 'verified';

  // Spec 8: a create-pi failure is a toast (and a message where the card form would be).
  useEffect(() => {
    if (intentError) toast.error(intentError);
  }, [intentError]);

  return (
    <div className="checkout container">
      <CheckoutHead />
      <div className="checkout__layout">
        <div className="checkout__main">
          <CheckoutSection step="contact">
            <ContactEmail email={c.email} />
          </CheckoutSection>
          <CheckoutSection step="shipping">
            <AddressPanel model={c.address} />
          </CheckoutSection>
          <CheckoutSection step="option">
            {verified ? (
              <ShippingOptions
                prices={c.shippingOption.prices.data}
                loading={c.shippingOption.prices.isFetching}
                error={c.shippingOption.prices.error?.message ?? null}
                subtotal={c.intent?.subtotal ?? c.bag.subtotal}
                freeShippingTarget={c.config.freeShippingTarget}
                value={c.shippingOption.value}
                onChange={c.shippingOption.set}
              />
            ) : (
              <OptionsAfterAddress />
            )}
            {c.totalsError ? (
              <p className="notice notice--error" role="alert">
                {c.totalsError}
              </p>
            ) : null}
          </CheckoutSection>
          <CheckoutSection step="payment">
            <PaymentSection
              intent={c.intent}
              intentError={intentError}
              message={c.payment.message}
              disabled={c.submitting}
              onReady={c.payment.onReady}
              onChange={c.payment.onChange}
            />
            <BillingAddress model={c.billing} />
          </CheckoutSection>
          <PlaceOrderButton
            total={c.totals?.total ?? null}
            disabled={!c.canPlaceOrder}
            submitting={c.submitting}
            missing={c.missing}
            onClick={c.placeOrder}
          />
        </div>
        <aside className="checkout__aside" aria-label="Order summary">
          <OrderSummary
            lines={c.bag.lines}
            subtotal={c.intent?.subtotal ?? c.bag.subtotal}
            totals={c.totals}
            pending={c.totalsPending}
            note={
              c.shippingOption.value && c.email.value.trim() === ''
                ? 'Enter your email address to see your total.'
                : null
            }
          />
          <DiscountCodeField
            applied={c.discount.code}
            onApply={c.discount.apply}
            onRemove={c.discount.remove}
          />
          {c.discount.message ? (
            <p className="notice notice--error" role="alert">
              {c.discount.message}
            </p>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
