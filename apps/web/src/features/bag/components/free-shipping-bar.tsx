import { formatMoney, formatMoneyShort, type Cents } from '@sunward/core/money';
import { freeShippingProgress } from './free-shipping.ts';

/** Spec 2: the free-shipping progress bar; below the target the text reads 'Your $X Away'. */
export function FreeShippingBar({ subtotal, target }: { subtotal: Cents; target: Cents }) {
  const { remaining, ratio, reached } = freeShippingProgress(subtotal, target);
  return (
    <div className="free-shipping">
      <p className="free-shipping__text">
        {reached ? (
          <>
            <strong>You have FREE SHIPPING!</strong>
          </>
        ) : (
          <>
            <strong>Your {formatMoney(remaining)} Away</strong>{' '}
            <span>from FREE SHIPPING on orders {formatMoneyShort(target)}+</span>
          </>
        )}
      </p>
      <div
        className="free-shipping__track"
        role="progressbar"
        aria-label="Progress to free shipping"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
      >
        <span className="free-shipping__fill" style={{ transform: `scaleX(${ratio})` }} />
      </div>
    </div>
  );
}
