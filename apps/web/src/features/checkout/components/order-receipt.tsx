import { Link } from 'react-router';
import { POSITION_LABELS, type Position } from '@sunward/core/cart';
import type { Order } from '@sunward/core/checkout-schemas';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { sizeLabel } from '@sunward/core/sizes';
import { OrderFigures, orderAmounts } from '@/shared/orders/order-figures.tsx';
import { cardEnding } from '@/shared/orders/order-format.ts';
import { PostalAddress } from '@/shared/orders/postal-address.tsx';
import { paths } from '@/shared/paths.ts';
import { linePicture } from '@/shared/orders/line-picture.ts';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import { EmailAddress } from '@/shared/ui/email-address.tsx';

/** Spec 2, Success: the lines, Shipping, Sales Tax (above 0), Total, and who and where. */
export function OrderReceipt({ order }: { order: Order }) {
  return (
    <div className="success container">
      <div className="success__head">
        <p className="eyebrow">Order {order.orderNumber}</p>
        <h1 className="success__title">Thank You For Your Purchase!</h1>
        <p className="success__lead">
          A confirmation is on its way to{' '}
          <strong>
            <EmailAddress email={order.billing.email} />
          </strong>
          .
        </p>
      </div>
      <div className="success__layout">
        <section className="success__card" aria-labelledby="receipt-items">
          <h2 id="receipt-items" className="success__heading">
            Your Order
          </h2>
          <ul className="receipt-lines">
            {order.products.map((p, i) => {
              const title = designTitle(p.design);
              const { image, alt } = linePicture(p.design, p.position);
              return (
                <li key={`${p.design}-${p.size}-${p.position}-${i}`} className="receipt-line">
                  <div className="receipt-line__image">
                    {image ? <ArtPicture image={image} alt={alt} sizes="72px" /> : null}
                  </div>
                  <div>
                    <p className="receipt-line__title">{title}</p>
                    <p className="receipt-line__facts">
                      {sizeLabel(p.size)} · {POSITION_LABELS[p.position as Position] ?? p.position}{' '}
                      · Qty {p.quantity}
                    </p>
                  </div>
                  <p className="receipt-line__price">{formatMoney(p.productCost * p.quantity)}</p>
                </li>
              );
            })}
          </ul>
          <OrderFigures className="figures--ruled" {...orderAmounts(order)} />
        </section>
        <section className="success__card" aria-labelledby="receipt-details">
          <h2 id="receipt-details" className="success__heading">
            Order Details
          </h2>
          <dl className="receipt-details">
            <div>
              <dt>Order number</dt>
              <dd>{order.orderNumber}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                <EmailAddress email={order.billing.email} />
              </dd>
            </div>
            <div>
              <dt>Shipping to</dt>
              <dd>
                <PostalAddress name={order.shipping.name} address={order.shipping.address} />
              </dd>
            </div>
            <div>
              <dt>Billing address</dt>
              <dd>
                <PostalAddress name={order.billing.name} address={order.billing.address} />
              </dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd>{cardEnding(order.billing.card)}</dd>
            </div>
          </dl>
          <Link to={paths.designs.href()} className="btn btn--outline btn--block">
            Keep Shopping
          </Link>
        </section>
      </div>
    </div>
  );
}
