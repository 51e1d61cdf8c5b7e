import type { ConsoleOrderDetail } from '@sunward/core/console-orders';
import { cardEnding } from '@/shared/orders/order-format.ts';
import { DateTime, Money } from '@/shared/console/console-format.tsx';
import { StatusBadge } from '@/shared/console/status-badge.tsx';

/** Who made a refund or a change: the operator's email, or the customer or the shop's system. */
export function actorText(actor: string, operatorEmail: string | null): string {
  if (operatorEmail) return operatorEmail;
  if (actor === 'operator') return 'an operator';
  if (actor === 'customer') return 'the customer';
  return 'the shop';
}

/** The payment: card, amounts (paid, refunded, left), the payment's id, and each refund. */
export function OrderPayment({ detail }: { detail: ConsoleOrderDetail }) {
  const { payment, order } = detail;
  return (
    <div className="order-payment">
      <dl className="console-orders__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge kind="payment" status={detail.paymentStatus} />
          </dd>
        </div>
        <div>
          <dt>Card</dt>
          <dd>{payment.intentId ? cardEnding(order.billing.card) : 'No payment (no charge)'}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>
            <Money cents={payment.paid} />
          </dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>
            <Money cents={payment.refunded} />
          </dd>
        </div>
        <div>
          <dt>Left to refund</dt>
          <dd>
            <Money cents={payment.left} />
          </dd>
        </div>
        {payment.intentId ? (
          <div>
            <dt>Payment id</dt>
            <dd className="console-orders__code">{payment.intentId}</dd>
          </div>
        ) : null}
      </dl>
      <h3 className="console-orders__subhead">Refunds</h3>
      {payment.refunds.length ? (
        <ul className="console-orders__entries">
          {payment.refunds.map((r) => (
            <li key={r.id}>
              <p>
                <strong>
                  <Money cents={r.amount} />
                </strong>{' '}
                by {actorText(r.actor, r.operatorEmail)}, <DateTime value={r.createdAt} />
              </p>
              {r.reason ? <p className="console-orders__muted">Reason: {r.reason}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="console-orders__muted">No refunds.</p>
      )}
    </div>
  );
}
