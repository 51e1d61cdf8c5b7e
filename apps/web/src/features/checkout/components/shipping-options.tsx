import type { RateQuoteResponse } from '@sunward/core/checkout-schemas';
import { formatMoney } from '@sunward/core/money';
import {
  qualifiesForFreeGround,
  SHIPPING_OPTION_LABELS,
  SHIPPING_OPTIONS,
  type ShippingOption,
} from '@sunward/core/shipping';

/** The price shown next to an option: ground is 'Free' once the subtotal reaches the target (spec 9). */
export function optionPrice(
  option: ShippingOption,
  prices: RateQuoteResponse,
  subtotal: number,
  freeShippingTarget: number,
): string {
  if (option === 'ground' && qualifiesForFreeGround(subtotal, freeShippingTarget)) return 'Free';
  return formatMoney(prices[option].totalBasePrice);
}

/** Spec 2 and 4: USPS Ground Advantage and Priority Mail as a radio group, shown once verified. */
export function ShippingOptions(props: {
  prices: RateQuoteResponse | undefined;
  loading: boolean;
  error: string | null;
  subtotal: number;
  freeShippingTarget: number;
  value: ShippingOption | null;
  onChange: (option: ShippingOption) => void;
}) {
  if (props.error) {
    return (
      <p className="notice notice--error" role="alert">
        {props.error}
      </p>
    );
  }
  if (!props.prices) {
    return (
      <p className="checkout__muted" aria-busy={props.loading}>
        Finding shipping prices…
      </p>
    );
  }
  const prices = props.prices;
  return (
    <fieldset className="choice-group">
      <legend className="visually-hidden">Shipping option</legend>
      {SHIPPING_OPTIONS.map((option) => (
        <label key={option} className="choice choice--row">
          <input
            type="radio"
            name="shipping-option"
            value={option}
            checked={props.value === option}
            onChange={() => props.onChange(option)}
          />
          <span className="choice__body">
            <span className="choice__title">{SHIPPING_OPTION_LABELS[option]}</span>
          </span>
          <span className="choice__price">
            {optionPrice(option, prices, props.subtotal, props.freeShippingTarget)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
