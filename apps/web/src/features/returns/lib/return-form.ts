/**
 * The return form (spec 3 return item, spec 4 return item form, spec 5 Return Continue): one item per
 * unit of the order, the rules that keep an item consistent, and what Continue checks. Pure functions,
 * so the page is a thin view over them.
 *
 * A unit's itemId is its index over the order's items in line order, each line expanded by its quantity
 * (as the server numbers them): a line of 2 then a line of 1 are units 0, 1 and 2.
 */
import type { Order, ReturnItem, ReturnRecord } from '@sunward/core/checkout-schemas';
import { unitPricesPaid } from '@sunward/core/discount';
import { latestReturn, type ReturnType } from '@sunward/core/returns';
import { RETURN_TEXTS } from './return-texts.ts';

/** A unit as it stands before the shopper touches it: not ticked, kept, nothing chosen. */
const untouched = (
  unit: Pick<ReturnItem, 'itemId' | 'design' | 'position' | 'productCost' | 'size' | 'productId'>,
): ReturnItem => ({
  itemId: unit.itemId,
  returnType: 'Keep',
  returnReason: '',
  sizeExchange: '',
  positionExchange: '',
  selected: false,
  design: unit.design,
  position: unit.position,
  productCost: unit.productCost,
  size: unit.size,
  productId: unit.productId,
});

/**
 * Every unit of the order, numbered over its lines (a line of quantity 3 is three units); each unit's
 * cost is what was paid for it: its price less its share of the line's discount (issue 28), as the
 * server refunds it.
 */
export function orderUnits(order: Pick<Order, 'products'>): ReturnItem[] {
  return order.products
    .flatMap((line) => {
      const paid = unitPricesPaid(line.productCost, Math.max(0, line.quantity), line.discount ?? 0);
      return paid.map((productCost) => ({ ...line, productCost }));
    })
    .map((line, itemId) => untouched({ ...line, itemId }));
}

/** Spec 9: the units the order's sales tax is shared over (orderProductCount of the return call). */
export const orderUnitCount = (order: Pick<Order, 'products'>): number =>
  order.products.reduce((sum, line) => sum + Math.max(0, line.quantity), 0);

/** The order's latest return (the one created last), or null before the first. */
export function lastReturn(order: Pick<Order, 'returns'>): ReturnRecord | null {
  // latestReturn hands back one of the records it was given, as it is.
  return latestReturn(order.returns) as ReturnRecord | null;
}

/**
 * Spec 4: the form's units. The first return offers every unit of the order; a later one starts from
 * the units kept (returnType Keep) in the latest return, each untouched again.
 */
export function startingUnits(order: Pick<Order, 'products' | 'returns'>): ReturnItem[] {
  const latest = lastReturn(order);
  if (!latest) return orderUnits(order);
  const count = orderUnitCount(order);
  return latest.products
    .filter((item) => item.returnType === 'Keep' && item.itemId < count)
    .map(untouched);
}

/** Spec 4 and 9: one exchange per order, offered only while the order has no return yet. */
export const offersExchange = (order: Pick<Order, 'returns'>): boolean =>
  order.returns.length === 0;

/** A change the shopper makes to one unit. */
export type ReturnFormAction =
  | { type: 'tick'; itemId: number; selected: boolean }
  | { type: 'returnType'; itemId: number; value: ReturnType }
  | { type: 'reason'; itemId: number; value: ReturnItem['returnReason'] }
  | { type: 'sizeExchange'; itemId: number; value: ReturnItem['sizeExchange'] }
  | { type: 'positionExchange'; itemId: number; value: ReturnItem['positionExchange'] };

const noExchange = { sizeExchange: '', positionExchange: '' } as const;

/** One unit after a change (spec 4's rules). */
function changed(item: ReturnItem, action: ReturnFormAction): ReturnItem {
  switch (action.type) {
    case 'tick':
      // Unticking resets the unit to Keep with nothing chosen (its reason too: a kept unit has none).
      return action.selected
        ? { ...item, selected: true }
        : { ...item, selected: false, returnType: 'Keep', returnReason: '', ...noExchange };
    case 'returnType':
      // Choosing Keep or Refund clears the exchange's size and position.
      return action.value === 'Exchange'
        ? { ...item, returnType: 'Exchange' }
        : { ...item, returnType: action.value, ...noExchange };
    case 'reason':
      return { ...item, returnReason: action.value };
    case 'sizeExchange':
      return item.returnType === 'Exchange' ? { ...item, sizeExchange: action.value } : item;
    case 'positionExchange':
      return item.returnType === 'Exchange' ? { ...item, positionExchange: action.value } : item;
  }
}

/** The form's reducer: the unit named by the action changes, the others stay as they are. */
export function returnFormReducer(items: ReturnItem[], action: ReturnFormAction): ReturnItem[] {
  return items.map((item) => (item.itemId === action.itemId ? changed(item, action) : item));
}

/** What stops Continue (spec 5): the message, and the units to highlight. */
export interface ReturnFormProblem {
  message: string;
  itemIds: number[];
}

/** Spec 5, Return Continue: null when the form may go on to the review. */
export function checkReturnForm(items: readonly ReturnItem[]): ReturnFormProblem | null {
  const ticked = items.filter((item) => item.selected);
  if (ticked.length === 0) return { message: RETURN_TEXTS.noneChosen, itemIds: [] };
  const unfinished = ticked.filter((item) => item.returnType === 'Keep' || !item.returnReason);
  if (unfinished.length > 0) {
    return { message: RETURN_TEXTS.typeAndReason, itemIds: unfinished.map((item) => item.itemId) };
  }
  const exchanges = ticked.filter(
    (item) => item.returnType === 'Exchange' && (!item.sizeExchange || !item.positionExchange),
  );
  if (exchanges.length > 0) {
    return { message: RETURN_TEXTS.exchangeChoice, itemIds: exchanges.map((item) => item.itemId) };
  }
  return null;
}

/** Spec 2, review modal: the units sent back (Keep units are left out of the review). */
export const returnedItems = (items: readonly ReturnItem[]): ReturnItem[] =>
  items.filter((item) => item.selected && item.returnType !== 'Keep');
