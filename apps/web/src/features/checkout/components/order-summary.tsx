import { POSITION_LABELS } from '@sunward/core/cart';
import type { CheckoutTotalsResponse } from '@sunward/core/checkout-schemas';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { sizeInfo } from '@sunward/core/sizes';
import { linePicture } from '@/shared/orders/line-picture.ts';
import { OrderFigures } from '@/shared/orders/order-figures.tsx';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import './order-summary.css';
import type { SummaryLine } from '../hooks/use-checkout-bag.ts';

/**
 * Spec 2: the bag lines, Subtotal, Shipping ('TBD' until an option is chosen), Sales Tax (only above 0)
 * and Total ('TBD' until then). The figures are the server's update-pi answer once there is one.
 */
export function OrderSummary(props: {
  lines: readonly SummaryLine[];
  subtotal: number;
  totals: CheckoutTotalsResponse | undefined;
  /** An option is chosen but the server has not answered yet. */
  pending: boolean;
  /** Why the total is not known yet, when an option is chosen (e.g. the email is missing). */
  note: string | null;
}) {
  const { totals } = props;
  const unknown = props.pending ? 'Calculating…' : 'TBD';
  return (
    <section className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="summary__title">
        Order Summary
      </h2>
      <ul className="summary__lines" aria-label="Items in your order">
        {props.lines.map((line) => {
          const title = designTitle(line.design);
          const { image, alt } = linePicture(line.design, line.position);
          return (
            <li key={line.itemId} className="summary-line">
              <div className="summary-line__image">
                {image ? <ArtPicture image={image} alt={alt} sizes="64px" /> : null}
                <span className="summary-line__qty" aria-hidden="true">
                  {line.quantity}
                </span>
              </div>
              <div className="summary-line__info">
                <p className="summary-line__title">{title}</p>
                <p className="summary-line__facts">
                  {sizeInfo(line.size).label} · {POSITION_LABELS[line.position]}
                </p>
                <p className="summary-line__facts">Qty {line.quantity}</p>
              </div>
              <p className="summary-line__price">{formatMoney(line.unitPrice * line.quantity)}</p>
            </li>
          );
        })}
      </ul>
      <OrderFigures
        className="figures--ruled"
        subtotal={totals?.subtotal ?? props.subtotal}
        shipping={totals ? totals.shipping : unknown}
        discount={
          totals?.discountCode ? { code: totals.discountCode, amount: totals.discount ?? 0 } : null
        }
        salesTax={totals?.salesTax ?? 0}
        salesTaxRate={totals?.salesTaxRate}
        total={totals ? totals.total : unknown}
      />
      {props.note && !totals ? <p className="summary__note">{props.note}</p> : null}
    </section>
  );
}
