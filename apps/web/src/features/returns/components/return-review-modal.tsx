import type { Order, ReturnItem } from '@sunward/core/checkout-schemas';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { sizeLabel } from '@sunward/core/sizes';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { Figure, Figures } from '@/shared/ui/figures.tsx';
import { returnedItems } from '../lib/return-form.ts';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import { useShippingPrices } from '@/shared/shipping/shipping-prices.ts';
import { returnFigures, unitRefund, unitsSentBack } from '../lib/return-refund.ts';

export interface ReturnReviewModalProps {
  order: Order;
  items: readonly ReturnItem[];
  open: boolean;
  /** The return is being submitted: Submit Return is disabled and says so; the modal stays. */
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}

/** An amount with a word on what it is, on a line of its own below it. */
function Amount({ children, hint }: { children: string; hint?: string }) {
  return (
    <>
      {children}
      {hint ? <span className="return-review__hint"> {hint}</span> : null}
    </>
  );
}

/**
 * Spec 2, return review modal: each unit sent back (Keep units are left out) with its type, original
 * size and position, and the exchange's size and position or the refund; the sales tax refund, the
 * return shipping fee (not on the first return), the total refund, and Submit Return. The amounts add
 * up as shown (issue 23): each unit's refund is its price, the tax comes back on its own line, and the
 * fee is deducted (a negative line).
 */
export function ReturnReviewModal({
  order,
  items,
  open,
  busy,
  onSubmit,
  onClose,
}: ReturnReviewModalProps) {
  const returned = returnedItems(items);
  const firstReturn = order.returns.length === 0;
  // A later return pays the ground price for the units sent back: the server's own quote.
  const { companyZipCode } = useConfiguration();
  const sentBack = unitsSentBack(items);
  const quote = useShippingPrices(
    !firstReturn && open && sentBack > 0
      ? { from: companyZipCode, to: order.shipping.address.postal_code, quantity: sentBack }
      : null,
  );
  const figures = returnFigures(order, items, quote.data?.ground.totalBasePrice ?? null);
  return (
    <ConfirmDialog
      open={open}
      title="Review Your Return"
      confirmLabel="Submit Return"
      busyLabel="Submitting…"
      cancelLabel="Go Back"
      busy={busy}
      onConfirm={onSubmit}
      onCancel={onClose}
    >
      <div className="return-review">
        <ul className="return-review__items">
          {returned.map((item) => (
            <li key={item.itemId} className="return-review__item">
              <h3 className="return-review__title">
                {designTitle(item.design)}{' '}
                <span className="return-review__unit">(unit {item.itemId + 1})</span>
              </h3>
              <Figures>
                <Figure term="Return Type">{item.returnType}</Figure>
                <Figure term="Original Size">{sizeLabel(item.size)}</Figure>
                <Figure term="Original Position">{item.position}</Figure>
                {item.returnType === 'Exchange' ? (
                  <>
                    <Figure term="Exchange Size">{sizeLabel(item.sizeExchange)}</Figure>
                    <Figure term="Exchange Position">{item.positionExchange}</Figure>
                  </>
                ) : (
                  <Figure term="Refund Amount">
                    {formatMoney(unitRefund(order, item.itemId))}
                  </Figure>
                )}
              </Figures>
            </li>
          ))}
        </ul>
        <Figures className="figures--ruled">
          <Figure term="Sales Tax Refund">{formatMoney(figures.totalSalesTaxRefund)}</Figure>
          {firstReturn ? null : (
            <Figure term="Return Shipping Fee">
              <Amount hint="deducted from your refund">
                {figures.feeUnknown
                  ? quote.isError
                    ? 'Ground shipping price'
                    : 'Calculating…'
                  : formatMoney(-figures.shippingFee)}
              </Amount>
            </Figure>
          )}
          <Figure term="Total Refund" total>
            <Amount hint={figures.feeUnknown ? 'before the return shipping fee' : undefined}>
              {formatMoney(figures.refundAmount)}
            </Amount>
          </Figure>
        </Figures>
      </div>
    </ConfirmDialog>
  );
}
