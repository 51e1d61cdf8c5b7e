import { useId } from 'react';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { Figure, Figures } from '@/shared/ui/figures.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import { SizeLabel } from '@/shared/ui/size-label.tsx';
import type { OrderModalProps } from './order-detail-modal.tsx';
import { orderDate } from './order-format.ts';

/** Spec 2, returns modal: the note every return carries. */
export const FREE_RETURN_NOTE =
  '1 Free Return Per Order. One free return allowed per order. Additional returns are subject to a shipping fee.';

interface ReturnItemView {
  design: string;
  size: string;
  position: string;
  returnType: string;
}

interface ReturnView {
  createdAt: string;
  items: ReturnItemView[];
  totalSalesTaxRefund: number;
  shippingFee: number;
  refundAmount: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const cents = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** A stored return record (spec 3) as this list shows it: the items sent back, dates and amounts. */
function toReturnView(value: unknown): ReturnView {
  const entry = asRecord(value);
  const products = Array.isArray(entry.products) ? entry.products.map(asRecord) : [];
  return {
    createdAt: text(entry.createdAt),
    items: products
      .filter((item) => text(item.returnType) !== 'Keep')
      .map((item) => ({
        design: text(item.design),
        size: text(item.size),
        position: text(item.position),
        returnType: text(item.returnType),
      })),
    totalSalesTaxRefund: cents(entry.totalSalesTaxRefund),
    shippingFee: cents(entry.shippingFee),
    refundAmount: cents(entry.refundAmount),
  };
}

/**
 * View Returns (spec 2, returns modal): each return with its items, date, sales tax refund, return
 * shipping fee and refund amount, and the order's total refund. Return labels come with the
 * after-purchase pages.
 */
export function ReturnsModal({ order, open, onClose }: OrderModalProps) {
  const id = useId();
  const returns = order.returns.map(toReturnView);
  const totalRefund = returns.reduce((sum, r) => sum + r.refundAmount, 0);
  return (
    <Modal open={open} onClose={onClose} title={`Returns for ${order.orderNumber}`}>
      <div className="order-returns">
        {returns.length === 0 ? (
          <p>There are no returns for this order yet.</p>
        ) : (
          <>
            <ol className="order-returns__list">
              {returns.map((r, i) => (
                <li key={i}>
                  <h3 id={`${id}-return-${i}`} className="order-detail__heading">
                    Return {i + 1}
                    {r.createdAt ? ` · ${orderDate(r.createdAt)}` : ''}
                  </h3>
                  <ul className="order-returns__items">
                    {r.items.map((item, j) => (
                      <li key={j}>
                        {designTitle(item.design)}, <SizeLabel size={item.size} />, {item.position}:{' '}
                        {item.returnType}
                      </li>
                    ))}
                  </ul>
                  <Figures>
                    <Figure term="Sales Tax Refund">{formatMoney(r.totalSalesTaxRefund)}</Figure>
                    <Figure term="Return Shipping Fee">{formatMoney(r.shippingFee)}</Figure>
                    <Figure term="Refund Amount">{formatMoney(r.refundAmount)}</Figure>
                  </Figures>
                </li>
              ))}
            </ol>
            <Figures>
              <Figure term="Total Refund" total>
                {formatMoney(totalRefund)}
              </Figure>
            </Figures>
          </>
        )}
        <p className="order-returns__note">{FREE_RETURN_NOTE}</p>
      </div>
    </Modal>
  );
}
