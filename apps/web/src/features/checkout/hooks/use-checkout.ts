import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ShippingOption } from '@sunward/core/shipping';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import { useAuthStore } from '@/shared/auth/auth-store.ts';
import { useDiscountCodeStore } from '@/shared/discount/discount-code-store.ts';
import type { PaymentMethodHandle } from '../api/payment-outcome.ts';
import { usePaymentIntent } from '../api/create-payment-intent.ts';
import { useShippingPrices } from '@/shared/shipping/shipping-prices.ts';
import { useCheckoutTotals, type UpdatePaymentIntentInput } from '../api/update-payment-intent.ts';
import { checkBagDiscount } from '../api/check-bag-discount.ts';
import { ApiError } from '@/shared/api/http.ts';
import { useAddressPanel } from './use-address-panel.ts';
import { useBillingAddress } from './use-billing-address.ts';
import { useCheckoutBag } from './use-checkout-bag.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { followRedirect, usePlaceOrder } from './use-place-order.ts';

export const EMAIL_MESSAGE = 'Please enter an email address.';
export const EMAIL_FORMAT_MESSAGE = 'Please enter a valid email address.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Everything /checkout knows, and the rules that tie it together (spec 2, 4, 5). */
export function useCheckout() {
  const queryClient = useQueryClient();
  const bag = useCheckoutBag();
  const config = useConfiguration();
  const intentQuery = usePaymentIntent(bag.cart);
  const intent = intentQuery.data;
  const address = useAddressPanel();
  const billing = useBillingAddress();
  const navigate = useNavigate();
  const place = usePlaceOrder((url) => followRedirect(url, navigate));
  // A signed-in shopper's email field starts with the account's email (still editable).
  const accountEmail = useAuthStore((s) => (s.status === 'signedIn' ? (s.user?.email ?? '') : ''));
  const [email, setEmail] = useState(accountEmail);
  useEffect(() => {
    if (accountEmail) setEmail((current) => current || accountEmail);
  }, [accountEmail]);
  const [emailTouched, setEmailTouched] = useState(false);
  // The bag reminder's consent (decision 044): never ticked in advance, saved with the email.
  const [reminderConsent, setReminderConsent] = useState(false);
  const [option, setOption] = useState<ShippingOption | null>(null);
  const [handle, setHandle] = useState<PaymentMethodHandle | null>(null);
  // The discount code from the bag or typed here: sent with every update-pi (issue 28).
  const discountCode = useDiscountCodeStore((s) => s.code);
  const setDiscountCode = useDiscountCodeStore((s) => s.set);
  const [discountMessage, setDiscountMessage] = useState<string | null>(null);
  const [cardComplete, setCardComplete] = useState(false);

  const shipping = address.shipping;
  const prices = useShippingPrices(
    shipping
      ? {
          from: config.companyZipCode,
          to: shipping.address.postal_code.slice(0, 5),
          quantity: bag.quantity,
        }
      : null,
  );

  const totalsInput = (forEmail: string): UpdatePaymentIntentInput | null =>
    intent && shipping && option && EMAIL.test(forEmail)
      ? {
          paymentIntentId: intent.paymentIntentId,
          clientSecret: intent.clientSecret,
          shippingOption: option,
          address: shipping.address,
          name: shipping.name,
          email: forEmail,
          ...(discountCode ? { discountCode } : {}),
          reminderConsent,
        }
      : null;
  // The summary follows the email once typing stops. Place Order carries the choices the totals on
  // screen were computed for, and the server confirms only for those.
  const shown = totalsInput(useDebouncedValue(email.trim(), 400));
  const totals = useCheckoutTotals(shown);
  // A code the server refuses for this checkout (e.g. once per customer, by this email) is dropped,
  // with the server's message by the field; the totals are then asked again without it.
  useEffect(() => {
    if (totals.errorCode === 'bad_discount' && discountCode) {
      setDiscountMessage(totals.error);
      setDiscountCode(null);
    }
  }, [totals.errorCode, totals.error, discountCode, setDiscountCode]);
  const applyDiscount = async (typed: string): Promise<string | null> => {
    try {
      const answer = await checkBagDiscount({ code: typed, cart: bag.cart });
      setDiscountMessage(null);
      setDiscountCode(answer.code);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return error.message;
      return 'We could not check the code just now. Please try again.';
    }
  };

  /** Edit: back to the form; the chosen address, the shipping option and the rates are cleared. */
  const editAddress = () => {
    address.backToForm();
    setOption(null);
    queryClient.removeQueries({ queryKey: ['checkout', 'shipping-prices'] });
  };

  const { clearMessage } = place;
  const onPaymentReady = useCallback((h: PaymentMethodHandle) => setHandle(() => h), []);
  const onPaymentChange = useCallback(
    ({ complete }: { complete: boolean }) => {
      setCardComplete(complete);
      if (complete) clearMessage(); // spec 8: the message clears once the form is complete
    },
    [clearMessage],
  );

  const emailValue = email.trim();
  const emailError = !emailValue
    ? EMAIL_MESSAGE
    : EMAIL.test(emailValue)
      ? null
      : EMAIL_FORMAT_MESSAGE;
  const missing = [
    emailError ? 'your email address' : null,
    shipping ? null : 'a verified shipping address',
    option ? null : 'a shipping option',
    handle && cardComplete ? null : 'your card details',
    billing.complete ? null : 'your billing address',
  ].filter((m): m is string => m !== null);
  const canPlaceOrder =
    missing.length === 0 &&
    !place.submitting &&
    shown?.email === emailValue &&
    totals.totals !== undefined &&
    !totals.pending;

  const placeOrder = () => {
    if (!canPlaceOrder || !shown || !totals.totals || !handle || !shipping) return;
    void place.placeOrder({
      shown,
      totals: totals.totals,
      refreshTotals: totals.refresh,
      handle,
      email: emailValue,
      billing: billing.separate
        ? { name: billing.values.name.trim(), address: billing.values }
        : { name: shipping.name, address: shipping.address },
      shipping: shipping.suggested ? { name: shipping.name, address: shipping.address } : null,
    });
  };

  return {
    bag,
    config,
    intent,
    intentError: intentQuery.error ? intentQuery.error.message : null,
    address: { ...address, backToForm: editAddress },
    billing,
    email: {
      value: email,
      set: setEmail,
      touch: () => setEmailTouched(true),
      error: emailTouched ? emailError : null,
      reminder: { value: reminderConsent, set: setReminderConsent },
    },
    shippingOption: { value: option, set: setOption, prices },
    totals: totals.totals,
    totalsPending: totals.pending,
    totalsError: totals.errorCode === 'bad_discount' ? null : totals.error,
    discount: {
      code: discountCode,
      message: discountMessage,
      apply: applyDiscount,
      remove: () => {
        setDiscountMessage(null);
        setDiscountCode(null);
      },
    },
    payment: { onReady: onPaymentReady, onChange: onPaymentChange, message: place.message },
    submitting: place.submitting,
    canPlaceOrder,
    missing,
    placeOrder,
  };
}

export type CheckoutModel = ReturnType<typeof useCheckout>;
