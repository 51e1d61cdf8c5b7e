import { useEffect } from 'react';
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
          <section className="checkout__section" aria-labelledby="contact-title">
            <h2 id="contact-title" className="checkout__heading">
              Contact
            </h2>
            <ContactEmail email={c.email} />
          </section>
          <section className="checkout__section" aria-labelledby="shipping-title">
            <h2 id="shipping-title" className="checkout__heading">
              Shipping Address
            </h2>
            <AddressPanel model={c.address} />
          </section>
          <section className="checkout__section" aria-labelledby="option-title">
            <h2 id="option-title" className="checkout__heading">
              Shipping Option
            </h2>
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
              <p className="checkout__muted">
                Verify your shipping address to see shipping options.
              </p>
            )}
            {c.totalsError ? (
              <p className="notice notice--error" role="alert">
                {c.totalsError}
              </p>
            ) : null}
          </section>
          <section className="checkout__section" aria-labelledby="payment-title">
            <h2 id="payment-title" className="checkout__heading">
              Payment
            </h2>
            <PaymentSection
              intent={c.intent}
              intentError={intentError}
              message={c.payment.message}
              disabled={c.submitting}
              onReady={c.payment.onReady}
              onChange={c.payment.onChange}
            />
            <BillingAddress model={c.billing} />
          </section>
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
