import type { ReturnItem, ReturnRecord } from '@sunward/core/checkout-schemas';
import { formatLocalDate } from '@sunward/core/dates';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { sizeLabel } from '@sunward/core/sizes';
import { Figure, Figures } from '@/shared/ui/figures.tsx';

/**
 * A unit sent back, in words: "Alaska, MD - Regular, Front: Exchange for LG - Regular, Back"; a refund
 * with its price, its line of the refund amount: "Alaska, MD - Regular, Front: Refund · $45.00".
 */
function itemText(item: ReturnItem): string {
  const unit = `${designTitle(item.design)}, ${sizeLabel(item.size)}, ${item.position}`;
  return item.returnType === 'Exchange'
    ? `${unit}: Exchange for ${sizeLabel(item.sizeExchange)}, ${item.positionExchange}`
    : `${unit}: ${item.returnType} · ${formatMoney(item.productCost)}`;
}

/**
 * Spec 2, the returns of an order as the confirmation lists them: each return's items (the kept ones
 * left out), its date, sales tax refund, return shipping fee and refund amount, then the order's total
 * refund. A return's amounts add up as shown (issue 23): its refunded units' prices and the sales tax
 * refund, less the fee (a negative line), are its refund amount.
 */
export function ReturnHistory({ returns }: { returns: readonly ReturnRecord[] }) {
  const totalRefund = returns.reduce((sum, record) => sum + record.refundAmount, 0);
  return (
    <div className="return-history">
      <ol className="return-history__list">
        {returns.map((record, i) => (
          <li key={record.id} className="return-history__return">
            <h2 className="return-history__title">
              Return {i + 1}
              <time dateTime={record.createdAt}> · {formatLocalDate(record.createdAt)}</time>
            </h2>
            <ul className="return-history__items">
              {record.products
                .filter((item) => item.returnType !== 'Keep')
                .map((item) => (
                  <li key={item.itemId}>{itemText(item)}</li>
                ))}
            </ul>
            <Figures>
              <Figure term="Sales Tax Refund">{formatMoney(record.totalSalesTaxRefund)}</Figure>
              <Figure term="Return Shipping Fee">{formatMoney(-record.shippingFee)}</Figure>
              <Figure term="Refund Amount">{formatMoney(record.refundAmount)}</Figure>
            </Figures>
          </li>
        ))}
      </ol>
      <Figures>
        <Figure term="Total Refund" total>
          {formatMoney(totalRefund)}
        </Figure>
      </Figures>
    </div>
  );
}
