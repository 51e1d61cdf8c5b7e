import { useEffect, useRef } from 'react';
import type { Order } from '@sunward/core/checkout-schemas';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { OrderFigures, orderAmounts } from '@/shared/orders/order-figures.tsx';
import { orderDate, paymentMethod, statusLabel } from '@/shared/orders/order-format.ts';
import { ParcelTracking } from '@/shared/orders/parcel-tracking.tsx';
import { PostalAddress } from '@/shared/orders/postal-address.tsx';
import { linePicture } from '@/shared/orders/line-picture.ts';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import { SizeLabel } from '@/shared/ui/size-label.tsx';
import { LookupActionButtons } from './lookup-actions.tsx';
import { EmailAddress } from '@/shared/ui/email-address.tsx';

/** One product of the order: its picture, design, price, size (upper case), position and quantity. */
function ProductRow({ product }: { product: Order['products'][number] }) {
  const title = designTitle(product.design);
  const { image, alt } = linePicture(product.design, product.position);
  return (
    <li className="lookup-product">
      <div className="lookup-product__image">
        {image ? (
          <ArtPicture image={image} alt={alt} sizes="(min-width: 768px) 96px, 72px" />
        ) : null}
      </div>
      <div className="lookup-product__info">
        <p className="lookup-product__title">{title}</p>
        <dl className="lookup-product__facts">
          <div>
            <dt>Price</dt>
            <dd>{formatMoney(product.productCost)}</dd>
          </div>
          <div>
            <dt>Size</dt>
            <dd>
              <SizeLabel size={product.size} />
            </dd>
          </div>
          <div>
            <dt>Position</dt>
            <dd>{product.position}</dd>
          </div>
          <div>
            <dt>Qty</dt>
            <dd>{product.quantity}</dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

/**
 * Spec 2, the lookup's result: order number, status (dashes as spaces), date (MM/DD/YYYY), its buttons,
 * the products, the parcel's tracking (the carrier's page and its scans), shipping address, billing
 * details, payment method, and Subtotal, Shipping, Sales Tax
 * (above 0) and Total. Its heading takes focus when it appears, so the result is read out (and, on a
 * phone, scrolled to).
 */
export function LookupResult({ order, email }: { order: Order; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [order]);
  const { billing } = order;
  return (
    <section className="lookup-result" aria-labelledby="lookup-result-title">
      <h2 id="lookup-result-title" ref={heading} tabIndex={-1} className="lookup-result__title">
        Order {order.orderNumber}
      </h2>
      <dl className="lookup-result__facts">
        <div>
          <dt>Order #</dt>
          <dd className="lookup-result__number">{order.orderNumber}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`order-status order-status--${order.status}`}>
              {statusLabel(order.status)}
            </span>
          </dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>
            <time dateTime={order.createdAt}>{orderDate(order.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <LookupActionButtons order={order} email={email} />

      <div className="lookup-result__layout">
        <section className="lookup-result__card" aria-labelledby="lookup-products">
          <h3 id="lookup-products" className="lookup-result__heading">
            Products
          </h3>
          <ul className="lookup-products">
            {order.products.map((p, i) => (
              <ProductRow key={`${p.design}-${p.size}-${p.position}-${i}`} product={p} />
            ))}
          </ul>
          <OrderFigures className="figures--ruled" {...orderAmounts(order)} />
        </section>

        <div className="lookup-result__card lookup-result__parties">
          <ParcelTracking order={order} headingClassName="lookup-result__heading" />
          <section aria-labelledby="lookup-shipping">
            <h3 id="lookup-shipping" className="lookup-result__heading">
              Shipping Address
            </h3>
            <PostalAddress name={order.shipping.name} address={order.shipping.address} />
          </section>
          <section aria-labelledby="lookup-billing">
            <h3 id="lookup-billing" className="lookup-result__heading">
              Billing Details
            </h3>
            <PostalAddress name={billing.name} address={billing.address} />
            <p className="lookup-result__email">
              <EmailAddress email={billing.email} />
            </p>
          </section>
          <section aria-labelledby="lookup-payment">
            <h3 id="lookup-payment" className="lookup-result__heading">
              Payment Method
            </h3>
            <p>{paymentMethod(order)}</p>
          </section>
        </div>
      </div>
    </section>
  );
}
