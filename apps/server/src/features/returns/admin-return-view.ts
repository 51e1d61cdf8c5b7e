/**
 * A return as the console shows it (core/console-returns-schemas.ts): rows to views, and the return's
 * timeline in words (its request, then every operator action recorded on it).
 */
import type {
  ReturnSummary,
  ReturnTimelineEntry,
  ReturnUnitView,
} from '@sunward/core/console-returns-schemas';
import { formatMoney } from '@sunward/core/money';
import { RETURN_REASONS, RETURN_TYPES } from '@sunward/core/returns';
import { isReturnStatus, type ReturnStatus } from '@sunward/core/return-status';
import type { OperatorActionView } from '../operators/operators.api.ts';
import type { ReturnWithOrder } from './admin-returns.repository.ts';
import type { ReturnItemRow } from './returns.table.ts';

type UnitRow = Pick<
  ReturnItemRow,
  | 'return_id'
  | 'item_id'
  | 'return_type'
  | 'return_reason'
  | 'design'
  | 'size'
  | 'position'
  | 'product_cost'
  | 'size_exchange'
  | 'position_exchange'
  | 'restocked'
>;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T) =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** A status the database holds; anything else (a row written by hand) reads as requested. */
export const returnStatusOf = (status: string): ReturnStatus =>
  isReturnStatus(status) ? status : 'requested';

export function toUnitView(row: UnitRow): ReturnUnitView {
  return {
    itemId: row.item_id,
    returnType: oneOf(RETURN_TYPES, row.return_type, 'Keep'),
    returnReason: oneOf([...RETURN_REASONS, ''] as const, row.return_reason, ''),
    design: row.design,
    size: row.size,
    position: row.position,
    productCost: row.product_cost,
    sizeExchange: row.size_exchange,
    positionExchange: row.position_exchange,
    restocked: row.restocked === null ? null : row.restocked === 1,
  };
}

export function toSummary(row: ReturnWithOrder, units: readonly UnitRow[]): ReturnSummary {
  return {
    id: row.public_id,
    seq: row.seq,
    status: returnStatusOf(row.status),
    createdAt: row.created_at,
    order: {
      orderNumber: row.order_number,
      status: row.order_status,
      name: row.billing_name || row.shipping_name,
      email: row.email,
    },
    units: units.map(toUnitView),
    totalSalesTaxRefund: row.sales_tax_refund,
    shippingFee: row.shipping_fee,
    refundAmount: row.refund_amount,
    labelTracking: row.label_tracking,
    exchangeOrderNumber: row.exchange_order_number,
    receivedAt: row.received_at,
    refundedAt: row.refunded_at,
    closedAt: row.closed_at,
  };
}

const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** An operator's action on a return, in words. */
function actionText(action: OperatorActionView): string {
  const d = action.detail;
  switch (action.action) {
    case 'return.label':
      return d.resent ? 'Label email sent again' : 'Label issued and emailed';
    case 'return.receive': {
      const restocked = count(d.restocked);
      const total = restocked + count(d.notRestocked);
      return `Marked received: ${restocked} of ${total} ${total === 1 ? 'unit' : 'units'} restocked`;
    }
    case 'return.refund': {
      const amount = typeof d.amount === 'number' ? formatMoney(d.amount) : '';
      const without = d.withoutReceipt ? ' without receipt' : '';
      const reason = typeof d.reason === 'string' && d.reason ? `: ${d.reason}` : '';
      return `Refunded ${amount}${without}${reason}`;
    }
    case 'return.close': {
      const reason = typeof d.reason === 'string' && d.reason ? `: ${d.reason}` : '';
      return `Closed without refund${reason}`;
    }
    default:
      return action.action;
  }
}

/** The request first, then the operators' actions, oldest first. */
export function timeline(
  row: ReturnWithOrder,
  actions: readonly OperatorActionView[],
): ReturnTimelineEntry[] {
  const requested: ReturnTimelineEntry = {
    at: row.created_at,
    by: 'customer',
    action: 'requested',
    text: `Return #${row.seq} requested`,
  };
  const done = [...actions]
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1))
    .map((a) => ({ at: a.at, by: a.operatorEmail, action: a.action, text: actionText(a) }));
  return [requested, ...done];
}
