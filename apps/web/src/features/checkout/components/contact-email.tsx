import type { CheckoutModel } from '../hooks/use-checkout.ts';

/** Spec 5: the checkout email, required ('Please enter an email address.'). */
export function ContactEmail({ email }: { email: CheckoutModel['email'] }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor="checkout-email">
        Email
      </label>
      <input
        id="checkout-email"
        className="input"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email.value}
        onChange={(e) => email.set(e.target.value)}
        onBlur={email.touch}
        aria-invalid={email.error ? true : undefined}
        aria-describedby={email.error ? 'checkout-email-error' : 'checkout-email-hint'}
      />
      {email.error ? (
        <p className="field__error" id="checkout-email-error">
          {email.error}
        </p>
      ) : (
        <p className="field__hint" id="checkout-email-hint">
          We send your order confirmation here.
        </p>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={email.reminder.value}
          onChange={(e) => email.reminder.set(e.target.checked)}
        />
        <span>Email me a reminder if I leave items in my bag</span>
      </label>
    </div>
  );
}
