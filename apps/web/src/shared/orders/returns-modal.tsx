import { useId, useState } from 'react';
import type { Order, ReturnItem, ReturnRecord } from '@sunward/core/checkout-schemas';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { isWithinReturnWindow } from '@sunward/core/returns';
import { useOneAtATime } from '@/shared/hooks/use-one-at-a-time.ts';
import { ApiError } from '@/shared/api/http.ts';
import { downloadReturnLabel, RETURN_LABEL_NOT_FOUND } from './download-return-label.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import { linePicture } from './line-picture.ts';
import { Figure, Figures } from '@/shared/ui/figures.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import { SizeLabel } from '@/shared/ui/size-label.tsx';
import { orderDate } from './order-format.ts';
import './orders.css';

/** Spec 2, returns modal: the note every list of returns carries. */
export const FREE_RETURN_NOTE =
  '1 Free Return Per Order. One free return allowed per order. Additional returns are subject to a shipping fee.';

export interface ReturnsModalProps {
  order: Order;
  open: boolean;
  onClose: () => void;
}

/** 'too-long' -> 'Too long'. */
const reasonText = (reason: string) => {
  const words = reason.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * One unit sent back: its picture, design, size and position, what happens to it and why, and for a
 * refund its price (its line of the refund amount; the tax comes back on its own line).
 */
function ReturnedItem({ item }: { item: ReturnItem }) {
  const title = designTitle(item.design);
  const { image, alt } = linePicture(item.design, item.position);
  return (
    <li className="returned-item">
      <div className="returned-item__image">
        {image ? <ArtPicture image={image} alt={alt} sizes="56px" /> : null}
      </div>
      <div className="returned-item__text">
        <p className="returned-item__title">{title}</p>
        <p className="returned-item__facts">
          <SizeLabel size={item.size} /> · {item.position}
        </p>
        <p className="returned-item__facts">
          {item.returnType === 'Exchange' && item.sizeExchange ? (
            <>
              Exchange for <SizeLabel size={item.sizeExchange} />
              {item.positionExchange ? ` · ${item.positionExchange}` : ''}
            </>
          ) : (
            item.returnType
          )}
          {item.returnReason ? ` · ${reasonText(item.returnReason)}` : ''}
        </p>
      </div>
      {item.returnType === 'Refund' ? (
        <p className="returned-item__amount">{formatMoney(item.productCost)}</p>
      ) : null}
    </li>
  );
}

/**
 * Return Label (spec 2 and 7): asks for the label's URL, checks that it answers, and opens it in a new
 * tab. The tab is opened at the click, before the answer, so that no browser blocks it as a pop-up
 * (Safari blocks a window opened after an await); it is closed again if the label cannot be had.
 */
function ReturnLabelButton({ record, name }: { record: ReturnRecord; name: string }) {
  const [busy, setBusy] = useState(false);
  const asking = useOneAtATime();
  const open = async () => {
    if (!asking.start()) return;
    setBusy(true);
    const tab = window.open('', '_blank');
    try {
      const url = await downloadReturnLabel(record.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (error) {
      tab?.close();
      toast.error(error instanceof ApiError ? error.message : RETURN_LABEL_NOT_FOUND);
    } finally {
      asking.done();
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--outline btn--small returns-list__label"
      aria-label={`Return Label for ${name}`}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => void open()}
    >
      {busy ? 'Opening…' : 'Return Label'}
    </button>
  );
}

/**
 * View Returns (spec 2, returns modal), from the account page and the order lookup: each return with
 * its items, date, sales tax refund, return shipping fee and refund amount, and its Return Label while
 * the order is within its return window (judged from updatedAt, core isWithinReturnWindow); the
 * order's total refund; the free-return note. A return's amounts add up as shown (issue 23): its
 * refunded units' prices and the sales tax refund, less the fee (a negative line), are its refund.
 */
export function ReturnsModal({ order, open, onClose }: ReturnsModalProps) {
  const id = useId();
  const { returns } = order;
  const totalRefund = returns.reduce((sum, r) => sum + r.refundAmount, 0);
  const labels = isWithinReturnWindow(order);
  return (
    <Modal open={open} onClose={onClose} title={`Returns for ${order.orderNumber}`}>
      <div className="returns-list">
        {returns.length === 0 ? (
          <p>There are no returns for this order yet.</p>
        ) : (
          <>
            <ol className="returns-list__returns">
              {returns.map((record, i) => {
                const name = `Return ${i + 1}`;
                const headingId = `${id}-return-${i}`;
                return (
                  <li key={record.id} className="returns-list__return">
                    <section aria-labelledby={headingId}>
                      <h3 id={headingId} className="returns-list__heading">
                        {name}
                      </h3>
                      <ul className="returns-list__items" aria-label={`Items of ${name}`}>
                        {record.products
                          .filter((item) => item.returnType !== 'Keep')
                          .map((item) => (
                            <ReturnedItem key={item.itemId} item={item} />
                          ))}
                      </ul>
                      <Figures>
                        <Figure term="Return Date">
                          <time dateTime={record.createdAt}>{orderDate(record.createdAt)}</time>
                        </Figure>
                        <Figure term="Sales Tax Refund">
                          {formatMoney(record.totalSalesTaxRefund)}
                        </Figure>
                        <Figure term="Return Shipping Fee">
                          {formatMoney(-record.shippingFee)}
                        </Figure>
                        <Figure term="Refund Amount">{formatMoney(record.refundAmount)}</Figure>
                      </Figures>
                      {labels ? <ReturnLabelButton record={record} name={name} /> : null}
                    </section>
                  </li>
                );
              })}
            </ol>
            <Figures>
              <Figure term="Total Refund" total>
                {formatMoney(totalRefund)}
              </Figure>
            </Figures>
          </>
        )}
        <p className="returns-list__note">{FREE_RETURN_NOTE}</p>
      </div>
    </Modal>
  );
}
