/**
 * The return policy (spec 4, 5 and 9), decided on the server from the order as stored, whatever the page
 * sent: whether the order can take a return now, and what the submitted form may contain. Pure
 * functions; returns.service runs them under the order's lock.
 *
 * Units: an order's units are its items in line order, each line expanded by its quantity, numbered
 * from 0; a return item's `itemId` is that number. The first return's form covers every unit; a later
 * one covers only the units kept (returnType Keep) on the latest return. A unit is returned (Refund) or
 * exchanged at most once, exchanges only on the order's first return.
 */
import { unitPricesPaid } from '@sunward/core/discount';
import type { ReturnItem, ReturnRecord } from '@sunward/core/checkout-schemas';
import type { Position } from '@sunward/core/cart';
import { designTitle } from '@sunward/core/designs';
import {
  RETURNABLE_STATUSES,
  isWithinReturnWindow,
  type ReturnReason,
  type ReturnType,
} from '@sunward/core/returns';
import { sizeLabel, type SizeCode } from '@sunward/core/sizes';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';

export type ReturnFailure = Failure<
  'not_found' | 'not_returnable' | 'invalid_return' | 'unavailable'
>;

/** The one answer for an unknown order number, a wrong email and someone else's order. */
export const NOT_FOUND_MESSAGE = 'No order found.';
export const notFound = (): ReturnFailure => fail('not_found', NOT_FOUND_MESSAGE);

/** Spec 5's messages of the return form, given by the server in the same words. */
export const FORM_MESSAGES = {
  nothingChosen: 'Choose at least one product',
  typeAndReason: 'Choose a return type and reason for all selected products',
  exchangeChoice: 'Choose a new size and position for all selected products to be exchanged.',
} as const;

/** One unit of an order. */
export interface OrderUnit {
  itemId: number;
  orderItemId: string;
  productId: string;
  priceId: string;
  design: string;
  size: string;
  position: string;
  /** Cents. */
  productCost: number;
}

interface ItemLine {
  id: string;
  product_id: string;
  price_id: string;
  design: string;
  size: string;
  position: string;
  quantity: number;
  unit_amount: number;
  /** The line's discount (migration 032); each unit costs its price less its share of it. */
  discount?: number;
}

/**
 * The order's units: its items (in line order) expanded by quantity, numbered from 0; each unit's cost
 * is what was paid for it, its price less its share of the line's discount (decision 042).
 */
export function orderUnits(items: readonly ItemLine[]): OrderUnit[] {
  const units: OrderUnit[] = [];
  for (const item of items) {
    const paid = unitPricesPaid(item.unit_amount, item.quantity, item.discount ?? 0);
    for (let n = 0; n < item.quantity; n++) {
      units.push({
        itemId: units.length,
        orderItemId: item.id,
        productId: item.product_id,
        priceId: item.price_id,
        design: item.design,
        size: item.size,
        position: item.position,
        productCost: paid[n]!,
      });
    }
  }
  return units;
}

/** A unit in words: "Alaska sun shirt, MD - Regular, Front". */
export const unitLabel = (unit: Pick<OrderUnit, 'design' | 'size' | 'position'>) =>
  `${designTitle(unit.design)} sun shirt, ${sizeLabel(unit.size)}, ${unit.position}`;

const NOT_RETURNABLE_STATUS: Record<string, string> = {
  pending: 'This order has not been delivered yet, so it cannot be returned.',
  'in-progress': 'This order has not been delivered yet, so it cannot be returned.',
  shipped: 'This order has not been delivered yet, so it cannot be returned.',
  cancelled: 'This order was cancelled, so it cannot be returned.',
  refund: 'This order has been refunded, so it cannot be returned.',
};

export interface ReturnableOrderState {
  status: string;
  createdAt: string;
  updatedAt: string;
  /** The carrier's delivery date, when the parcel was tracked to delivery: the window runs from it. */
  deliveredAt?: string | null;
  /** The order's return records, oldest first. */
  returns: readonly ReturnRecord[];
  /** The order is the free replacement an exchange made. */
  isReplacement: boolean;
}

/**
 * Whether the order can take a return at `now` (spec 4): completed or return, within its window
 * (15 days from the carrier's delivery date, else from updatedAt; or the holiday rule), and no return yet or the latest one kept a unit.
 */
export function checkReturnable(order: ReturnableOrderState, now: Date): ReturnFailure | null {
  if (order.isReplacement) {
    return fail(
      'not_returnable',
      'This order is the replacement of an exchange and cannot be returned online. Please contact support.',
    );
  }
  if (!(RETURNABLE_STATUSES as readonly string[]).includes(order.status)) {
    return fail(
      'not_returnable',
      NOT_RETURNABLE_STATUS[order.status] ??
        `This order is ${order.status}, so it cannot be returned.`,
    );
  }
  if (!isWithinReturnWindow(order, now)) {
    return fail(
      'not_returnable',
      'The return window for this order has closed: returns are accepted within 15 days, holiday orders (Nov 15 to Dec 24) until Jan 15.',
    );
  }
  const latest = order.returns.at(-1);
  if (latest && !latest.products.some((p) => p.returnType === 'Keep')) {
    return fail(
      'not_returnable',
      'Every item of this order has already been returned or exchanged.',
    );
  }
  return null;
}

/** A unit on the decided form: what happens to it and why. */
export interface FormUnit extends OrderUnit {
  returnType: ReturnType;
  returnReason: ReturnReason | '';
  sizeExchange: SizeCode | '';
  positionExchange: Position | '';
}

export interface DecidedForm {
  /** Every unit the form covers, in unit order: the ones sent, and the others of the form as Keep. */
  units: FormUnit[];
  refunded: FormUnit[];
  exchanged: FormUnit[];
}

export interface FormInput {
  products: readonly ReturnItem[];
  orderProductCount: number;
}

const invalid = (message: string): ReturnFailure => fail('invalid_return', message);

const kept = (unit: OrderUnit): FormUnit => ({
  ...unit,
  returnType: 'Keep',
  returnReason: '',
  sizeExchange: '',
  positionExchange: '',
});

/**
 * The form as the policy allows it, or why not. The units' design, size, position, cost and product
 * are the order's (what the page sent there is not used); a unit of the form that was not sent is kept.
 */
export function decideForm(
  units: readonly OrderUnit[],
  earlier: readonly ReturnRecord[],
  input: FormInput,
): Result<DecidedForm, ReturnFailure> {
  if (input.orderProductCount !== units.length) {
    return invalid(
      `This order has ${units.length} ${units.length === 1 ? 'item' : 'items'}, but the return form counted ${input.orderProductCount}. Please reload the order and start again.`,
    );
  }
  const latest = earlier.at(-1);
  // The units this form may cover: all of them on the first return, else those kept last time.
  const open = new Set(
    latest
      ? latest.products.filter((p) => p.returnType === 'Keep').map((p) => p.itemId)
      : units.map((u) => u.itemId),
  );
  const sent = new Map<number, ReturnItem>();
  for (const item of input.products) {
    const unit = units[item.itemId];
    if (!unit) return invalid(`Item ${item.itemId} is not part of this order.`);
    if (sent.has(item.itemId)) {
      return invalid(`${unitLabel(unit)} (item ${item.itemId}) is on the return form twice.`);
    }
    if (!open.has(item.itemId)) {
      return invalid(
        `${unitLabel(unit)} (item ${item.itemId}) has already been returned or exchanged.`,
      );
    }
    sent.set(item.itemId, item);
  }

  const chosen = [...sent.values()].filter((item) => item.returnType !== 'Keep');
  if (chosen.length === 0) return invalid(FORM_MESSAGES.nothingChosen);
  if (chosen.some((item) => item.returnReason === '')) {
    return invalid(FORM_MESSAGES.typeAndReason);
  }
  const exchanges = chosen.filter((item) => item.returnType === 'Exchange');
  if (exchanges.length > 0 && latest) {
    return invalid(
      'An exchange is only possible on the first return of an order. Please choose Refund instead.',
    );
  }
  if (exchanges.some((item) => item.sizeExchange === '' || item.positionExchange === '')) {
    return invalid(FORM_MESSAGES.exchangeChoice);
  }
  for (const item of exchanges) {
    const unit = units[item.itemId]!;
    if (item.sizeExchange === unit.size && item.positionExchange === unit.position) {
      return invalid(`Choose a different size or position for the exchange of ${unitLabel(unit)}.`);
    }
  }

  const form = units
    .filter((unit) => open.has(unit.itemId))
    .map((unit): FormUnit => {
      const item = sent.get(unit.itemId);
      if (!item || item.returnType === 'Keep') return kept(unit);
      const exchange = item.returnType === 'Exchange';
      return {
        ...unit,
        returnType: item.returnType,
        returnReason: item.returnReason,
        sizeExchange: exchange ? item.sizeExchange : '',
        positionExchange: exchange ? item.positionExchange : '',
      };
    });
  return ok({
    units: form,
    refunded: form.filter((u) => u.returnType === 'Refund'),
    exchanged: form.filter((u) => u.returnType === 'Exchange'),
  });
}

/** How many units the form sends back (Refund and Exchange), as far as the request says. */
export function unitsSentBack(products: readonly ReturnItem[]): number {
  return new Set(products.filter((p) => p.returnType !== 'Keep').map((p) => p.itemId)).size;
}
