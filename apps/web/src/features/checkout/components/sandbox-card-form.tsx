import { useEffect, useRef, useState } from 'react';
import { cardBrand, CARD_BRAND_LABELS, digitsOnly, type CardField } from '@sunward/core/card';
import type { PaymentFormProps } from './payment-form-props.ts';
import {
  cardFieldError,
  EMPTY_CARD,
  formatCardNumber,
  formatExpiry,
  isCardComplete,
  toCardInput,
  type CardFormValues,
} from '../hooks/card-fields.ts';

const TEST_CARDS = [
  ['4242 4242 4242 4242', 'succeeds'],
  ['4000 0000 0000 0002', 'declined'],
  ['4000 0000 0000 9995', 'insufficient funds'],
  ['4000 0025 0000 3155', '3-D Secure'],
] as const;

/**
 * The sandbox processor's card form: number (grouped as typed), MM / YY expiry and CVC, each labelled,
 * with Stripe's messages on blur. Luhn, expiry and CVC are checked again on the server.
 */
export function SandboxCardForm({ disabled, onReady, onChange }: PaymentFormProps) {
  const [values, setValues] = useState<CardFormValues>(EMPTY_CARD);
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const latest = useRef(values);

  // The card goes to the shop's server with Place Order; the server confirms it with the sandbox.
  useEffect(() => {
    onReady({
      prepare: () =>
        Promise.resolve({
          ok: true,
          paymentMethod: { type: 'card', card: toCardInput(latest.current) },
        }),
    });
  }, [onReady]);

  const update = (field: CardField, value: string) => {
    const next = { ...latest.current, [field]: value };
    latest.current = next;
    setValues(next);
    onChange({ complete: isCardComplete(next) });
  };

  const brand = cardBrand(digitsOnly(values.number));
  const field = (name: CardField) => {
    const error = touched[name] ? cardFieldError(name, values) : null;
    return {
      id: `card-${name}`,
      className: 'input',
      value: values[name],
      disabled,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `card-${name}-error` : undefined,
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
      error: error ? (
        <p className="field__error" id={`card-${name}-error`}>
          {error}
        </p>
      ) : null,
    };
  };
  const { error: numberError, ...numberProps } = field('number');
  const { error: expiryError, ...expiryProps } = field('expiry');
  const { error: cvcError, ...cvcProps } = field('cvc');

  return (
    <div className="card-form">
      <div className="field card-form__number">
        <label className="field__label" htmlFor="card-number">
          Card number
        </label>
        <div className="card-form__number-box">
          <input
            {...numberProps}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            onChange={(e) => update('number', formatCardNumber(e.target.value))}
          />
          {brand ? <span className="card-form__brand">{CARD_BRAND_LABELS[brand]}</span> : null}
        </div>
        {numberError}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="card-expiry">
          Expiry date (MM / YY)
        </label>
        <input
          {...expiryProps}
          type="text"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          onChange={(e) =>
            update(
              'expiry',
              // Deleting the separator deletes the digit before it.
              e.target.value.endsWith(' /')
                ? e.target.value.slice(0, 2)
                : formatExpiry(e.target.value),
            )
          }
        />
        {expiryError}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="card-cvc">
          Security code (CVC)
        </label>
        <input
          {...cvcProps}
          type="text"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          maxLength={4}
          onChange={(e) => update('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
        {cvcError}
      </div>
      <div className="card-form__hint" id="test-cards">
        <p className="card-form__hint-title">Test cards (any future date, any CVC)</p>
        <ul>
          {TEST_CARDS.map(([number, outcome]) => (
            <li key={number}>
              <code>{number}</code> {outcome}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
