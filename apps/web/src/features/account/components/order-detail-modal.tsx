import { useId } from 'react';
import type { Order } from '@sunward/core/checkout-schemas';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { OrderFigures, orderAmounts } from '@/shared/orders/order-figures.tsx';
import { paymentMethod } from '@/shared/orders/order-format.ts';
import { ParcelTracking } from '@/shared/orders/parcel-tracking.tsx';
import { PostalAddress } from '@/shared/orders/postal-address.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import { SizeLabel } from '@/shared/ui/size-label.tsx';
import { EmailAddress } from '@/shared/ui/email-address.tsx';

/** The order detail modal: an order row opens it with its order. */
export interface OrderModalProps {
  order: Order;
  open: boolean;
  onClose: () => void;
}

/**
 * Spec 2, order detail modal: titled with the order number; shipping address, billing details, the
 * parcel's tracking (the carrier's page, its scans newest first, the delivery date), the
 * products (Design, Price, Size, Position, Qty), the card, Subtotal, Shipping, Sales Tax (above 0 only)
 * and Total.
 */
export function OrderDetailModal({ order, open, onClose }: OrderModalProps) {
  const id = useId();
  const { billing } = order;
  return (
    <Modal open={open} onClose={onClose} title={order.orderNumber} size="lg">
      <div className="order-detail">
        <div className="order-detail__parties">
          <section aria-labelledby={`${id}-shipping`}>
            <h3 id={`${id}-shipping`} className="order-detail__heading">
              Shipping Address
            </h3>
            <PostalAddress name={order.shipping.name} address={order.shipping.address} />
          </section>
          <section aria-labelledby={`${id}-billing`}>
            <h3 id={`${id}-billing`} className="order-detail__heading">
              Billing Details
            </h3>
            <PostalAddress name={billing.name} address={billing.address} />
            <p className="order-detail__email">
              <EmailAddress email={billing.email} />
            </p>
          </section>
          <section aria-labelledby={`${id}-payment`}>
            <h3 id={`${id}-payment`} className="order-detail__heading">
              Payment Method
            </h3>
            <p>{paymentMethod(order)}</p>
          </section>
        </div>

        <ParcelTracking order={order} headingClassName="order-detail__heading" />

        <div className="order-detail__table-wrap">
          <table className="order-detail__table">
            <caption className="visually-hidden">Products in order {order.orderNumber}</caption>
            <thead>
              <tr>
                <th scope="col">Design</th>
                <th scope="col">Price</th>
                <th scope="col">Size</th>
                <th scope="col">Position</th>
                <th scope="col">Qty</th>
              </tr>
            </thead>
            <tbody>
              {order.products.map((p, i) => (
                <tr key={`${p.design}-${p.size}-${p.position}-${i}`}>
                  <td data-label="Design">{designTitle(p.design)}</td>
                  <td data-label="Price">{formatMoney(p.productCost)}</td>
                  <td data-label="Size">
                    <SizeLabel size={p.size} />
                  </td>
                  <td data-label="Position">{p.position}</td>
                  <td data-label="Qty">{p.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <OrderFigures {...orderAmounts(order)} />
      </div>
    </Modal>
  );
}
