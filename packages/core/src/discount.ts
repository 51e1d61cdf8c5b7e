/**
 * Discount codes (issue 28, docs/decisions/042): whether a code applies to a bag, and what it takes off,
 * to the cent. Percent off or an amount off is spread over the eligible lines in proportion to their
 * amounts (rounded down), the cents left over going to the last eligible line; free shipping takes the
 * shipping charge off. Sales tax is computed on the discounted prices and shipping. All in integer cents.
 */
import { shippingCharge, type ShippingOption, type ShippingQuote } from './shipping.ts';
import { computeSalesTax, mulDivRound, type TaxLine, type TaxRule } from './tax.ts';
import type { Cents } from './money.ts';

export const DISCOUNT_KINDS = ['percent', 'amount', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** What a code takes off: a percent (1-100) of the eligible goods, an amount of them, or the shipping. */
export type DiscountOffer =
  | { kind: 'percent'; percent: number; designs: readonly string[] | null }
  | { kind: 'amount'; amountOff: Cents; designs: readonly string[] | null }
  | { kind: 'free_shipping'; designs: readonly string[] | null };

/** The rules of a code besides what it takes off. */
export interface DiscountTerms {
  active: boolean;
  minSubtotal: Cents | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  /** Uses taken so far (held for a payment under way, or used by an order). */
  uses: number;
  oncePerCustomer: boolean;
  firstOrderOnly: boolean;
}

export type DiscountCode = DiscountOffer & DiscountTerms & { code: string };

/** What the shop knows of the shopper when a code is checked. */
export interface ShopperFacts {
  /** The customer (by account or email) has used this code before. */
  usedCodeBefore: boolean;
  /** The customer (by account or email) has placed an order before. */
  hasOrdered: boolean;
}

export interface DiscountLine {
  unitAmount: Cents;
  quantity: number;
  design: string;
}

export const DISCOUNT_FAILURES = [
  'unknown',
  'inactive',
  'not_started',
  'expired',
  'used_up',
  'min_subtotal',
  'once_per_customer',
  'first_order_only',
  'not_eligible',
] as const;
export type DiscountFailureCode = (typeof DISCOUNT_FAILURES)[number];

export type DiscountCheck =
  { ok: true } | { ok: false; code: DiscountFailureCode; message: string };

/** A code as the shopper typed it, as stored: case-insensitive, spaces ignored. */
export function normalizeCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

const dollars = (c: Cents) => `$${(c / 100).toFixed(2)}`;

export const unknownCode = (code: string): DiscountCheck => ({
  ok: false,
  code: 'unknown',
  message: `The discount code ${code} does not exist. Check the spelling and try again.`,
});

/** Whether the code applies to this bag, for this shopper, at `now`. */
export function checkDiscount(
  code: DiscountCode,
  lines: readonly DiscountLine[],
  shopper: ShopperFacts,
  now: Date,
): DiscountCheck {
  const no = (c: DiscountFailureCode, message: string): DiscountCheck => ({
    ok: false,
    code: c,
    message,
  });
  if (!code.active) return no('inactive', `The discount code ${code.code} is no longer valid.`);
  if (code.startsAt && now.getTime() < new Date(code.startsAt).getTime()) {
    return no('not_started', `The discount code ${code.code} is not valid yet.`);
  }
  if (code.endsAt && now.getTime() >= new Date(code.endsAt).getTime()) {
    return no('expired', `The discount code ${code.code} has expired.`);
  }
  if (code.maxUses !== null && code.uses >= code.maxUses) {
    return no('used_up', `The discount code ${code.code} has been used up.`);
  }
  const subtotal = lines.reduce((s, l) => s + l.unitAmount * l.quantity, 0);
  if (code.minSubtotal !== null && subtotal < code.minSubtotal) {
    return no(
      'min_subtotal',
      `The discount code ${code.code} needs a subtotal of at least ${dollars(code.minSubtotal)}.`,
    );
  }
  if (code.oncePerCustomer && shopper.usedCodeBefore) {
    return no('once_per_customer', `You have already used the discount code ${code.code}.`);
  }
  if (code.firstOrderOnly && shopper.hasOrdered) {
    return no('first_order_only', `The discount code ${code.code} is for a first order only.`);
  }
  if (eligibleIndexes(lines, code.designs).length === 0) {
    return no(
      'not_eligible',
      `The discount code ${code.code} does not apply to the designs in your bag.`,
    );
  }
  return { ok: true };
}

function eligibleIndexes(lines: readonly DiscountLine[], designs: readonly string[] | null) {
  return lines
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.quantity > 0 && (designs === null || designs.includes(l.design)))
    .map(({ i }) => i);
}

export interface DiscountAllocation {
  /** Each line's discount (whole line, not per unit), in line order; 0 for lines it does not cover. */
  lineDiscounts: Cents[];
  goodsDiscount: Cents;
  shippingDiscount: Cents;
  /** goodsDiscount + shippingDiscount: the discount line every page shows. */
  discount: Cents;
}

/**
 * What the offer takes off the lines and the shipping. A goods discount is spread over the eligible
 * lines in proportion to their amounts, each rounded down; the cents left go to the last eligible line
 * (or, where that line is already discounted to zero, to the one before it). Never more than a line's
 * amount, never more than the eligible goods.
 */
export function allocateDiscount(
  lines: readonly DiscountLine[],
  offer: DiscountOffer,
  shipping: Cents,
): DiscountAllocation {
  const lineDiscounts = lines.map(() => 0);
  const eligible = eligibleIndexes(lines, offer.designs);
  const amountOf = (i: number) => lines[i]!.unitAmount * lines[i]!.quantity;
  const eligibleGoods = eligible.reduce((s, i) => s + amountOf(i), 0);
  let goodsDiscount = 0;
  let shippingDiscount = 0;
  if (offer.kind === 'free_shipping') {
    shippingDiscount = eligible.length > 0 ? shipping : 0;
  } else if (eligibleGoods > 0) {
    goodsDiscount =
      offer.kind === 'percent'
        ? mulDivRound(eligibleGoods, Math.min(100, Math.max(0, offer.percent)), 100)
        : Math.min(eligibleGoods, Math.max(0, offer.amountOff));
    let given = 0;
    for (const i of eligible) {
      lineDiscounts[i] = Math.floor((amountOf(i) * goodsDiscount) / eligibleGoods);
      given += lineDiscounts[i]!;
    }
    let left = goodsDiscount - given;
    for (let k = eligible.length - 1; k >= 0 && left > 0; k--) {
      const i = eligible[k]!;
      const room = amountOf(i) - lineDiscounts[i]!;
      const add = Math.min(room, left);
      lineDiscounts[i]! += add;
      left -= add;
    }
  }
  return {
    lineDiscounts,
    goodsDiscount,
    shippingDiscount,
    discount: goodsDiscount + shippingDiscount,
  };
}

/**
 * Each unit's share of its line's discount: the discount divided by the quantity, rounded down, the
 * cents left over one each on the last units. The shares add up to the line's discount.
 */
export function unitDiscountShares(lineDiscount: Cents, quantity: number): Cents[] {
  if (quantity <= 0) return [];
  const base = Math.floor(lineDiscount / quantity);
  const extra = lineDiscount - base * quantity;
  return Array.from({ length: quantity }, (_, n) => base + (n >= quantity - extra ? 1 : 0));
}

/** What was paid for each unit of a line: its price less its share of the line's discount. */
export function unitPricesPaid(unitAmount: Cents, quantity: number, lineDiscount: Cents): Cents[] {
  return unitDiscountShares(lineDiscount, quantity).map((share) => unitAmount - share);
}

/** The lines at their discounted prices, as tax sees them (a line split in two by the odd cents). */
export function discountedTaxLines(
  lines: readonly TaxLine[],
  lineDiscounts: readonly Cents[],
): TaxLine[] {
  return lines.flatMap((l, i) => {
    const d = lineDiscounts[i] ?? 0;
    if (l.quantity <= 0) return [];
    const base = Math.floor(d / l.quantity);
    const extra = d - base * l.quantity;
    const out: TaxLine[] = [];
    if (l.quantity - extra > 0)
      out.push({ unitAmount: l.unitAmount - base, quantity: l.quantity - extra });
    if (extra > 0) out.push({ unitAmount: l.unitAmount - base - 1, quantity: extra });
    return out;
  });
}

export interface DiscountedTotals {
  /** The goods before the discount. */
  subtotal: Cents;
  /** The shipping charge before the discount. */
  shipping: Cents;
  /** The discount line: goods and shipping discount together. */
  discount: Cents;
  salesTax: Cents;
  /** subtotal + shipping - discount + salesTax: what the card is charged. */
  total: Cents;
  lineDiscounts: Cents[];
  shippingDiscount: Cents;
}

export interface DiscountedTotalsInput {
  lines: readonly DiscountLine[];
  option: ShippingOption;
  quote: ShippingQuote;
  freeShippingTarget: Cents;
  taxRule: TaxRule;
  /** The code's offer, or null for no code. */
  offer: DiscountOffer | null;
}

/**
 * The checkout's totals with a code: shipping from the subtotal before the discount (the free shipping
 * target is met by the bag's prices), tax on the discounted goods and the discounted shipping.
 */
export function computeDiscountedTotals(input: DiscountedTotalsInput): DiscountedTotals {
  const subtotal = input.lines.reduce((s, l) => s + l.unitAmount * l.quantity, 0);
  const shipping = shippingCharge(input.option, input.quote, subtotal, input.freeShippingTarget);
  const allocation = input.offer
    ? allocateDiscount(input.lines, input.offer, shipping)
    : allocateDiscount(input.lines, { kind: 'amount', amountOff: 0, designs: null }, 0);
  const taxLines = discountedTaxLines(input.lines, allocation.lineDiscounts);
  const { salesTax } = computeSalesTax(
    taxLines,
    shipping - allocation.shippingDiscount,
    input.taxRule,
  );
  return {
    subtotal,
    shipping,
    discount: allocation.discount,
    salesTax,
    total: subtotal + shipping - allocation.discount + salesTax,
    lineDiscounts: allocation.lineDiscounts,
    shippingDiscount: allocation.shippingDiscount,
  };
}

/** The discount in words for a page or an email: "20% off", "$10.00 off", "Free shipping". */
export function describeOffer(offer: DiscountOffer): string {
  const scope = offer.designs ? ' selected designs' : '';
  switch (offer.kind) {
    case 'percent':
      return `${offer.percent}% off${scope}`;
    case 'amount':
      return `${dollars(offer.amountOff)} off${scope}`;
    case 'free_shipping':
      return 'Free shipping';
  }
}
