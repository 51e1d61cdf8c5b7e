/**
 * zod schemas of the checkout, payment and order calls, shared by the API and the web app.
 * Money is integer cents everywhere.
 */
import { z } from 'zod';
import { RETURN_REASONS, RETURN_TYPES } from './returns.ts';
import { AddressSchema, PositionSchema, SizeCodeSchema } from './schemas.ts';
import { SHIPPING_OPTIONS } from './shipping.ts';
import { isUsStateCode } from './us-states.ts';
import { wholeNumberParam } from './query-numbers.ts';

const cents = () => z.number().int().nonnegative();

/** An address with a real US state, territory or military code (spec 5: billing state list). */
export const UsAddressSchema = AddressSchema.extend({
  state: AddressSchema.shape.state.refine(isUsStateCode, 'Choose a US state or territory.'),
});

export const ShippingOptionSchema = z.enum(SHIPPING_OPTIONS);

/** Address input of the USPS calls, sent as URL-encoded JSON in the path. */
export const AddressCheckInputSchema = AddressSchema;

/** The normalised or suggested address (USPS Addresses API v3 field names). */
export const UspsAddressSchema = z.object({
  streetAddress: z.string(),
  secondaryAddress: z.string(),
  city: z.string(),
  state: z.string(),
  ZIPCode: z.string(),
});
export type UspsAddress = z.infer<typeof UspsAddressSchema>;

/** Either the address (equal to the entered one: verified; different: suggested) or a message. */
export const AddressCheckResponseSchema = z.union([
  UspsAddressSchema,
  z.object({ message: z.string() }),
]);
export type AddressCheckResponse = z.infer<typeof AddressCheckResponseSchema>;

export const ZipParamsSchema = z.object({
  from: z.string().regex(/^\d{5}$/, 'Use a 5-digit ZIP code'),
  to: z.string().regex(/^\d{5}$/, 'Use a 5-digit ZIP code'),
});
export const RateQuoteQuerySchema = z.object({
  /** Number of shirts in the parcel (default 1). */
  quantity: wholeNumberParam(1, 1000, 1),
});

/** Spec 3, shipping rate quote. totalBasePrice is in cents. */
export const RateQuoteResponseSchema = z.object({
  ground: z.object({ totalBasePrice: cents() }),
  priority: z.object({ totalBasePrice: cents() }),
  zone: z.number().int().min(1).max(9).optional(),
  weightOz: z.number().positive(),
});
export type RateQuoteResponse = z.infer<typeof RateQuoteResponseSchema>;

/** One part of a combined sales-tax rate: the state's, a county's, a transit district's (ppm). */
export const TaxPartSchema = z.object({
  label: z.string(),
  ratePpm: z.number().int().nonnegative(),
});

/** The rate a checkout or an order was taxed at, and what it is made of. */
export const SalesTaxRateSchema = z.object({
  ratePpm: z.number().int().nonnegative(),
  parts: z.array(TaxPartSchema),
});
export type SalesTaxRate = z.infer<typeof SalesTaxRateSchema>;

export const SalesTaxRateResponseSchema = z.object({
  state: z.string(),
  /** The destination's county where the state adds local rates and the ZIP names one, else null. */
  county: z.string().nullable(),
  /** Parts per million: 4.75% = 47500. 0 where the shop does not collect tax. */
  rate: z.number().int().nonnegative(),
  ratePercent: z.number().nonnegative(),
  parts: z.array(TaxPartSchema),
  nexus: z.boolean(),
  exemptions: z.string().nullable(),
});
export type SalesTaxRateResponse = z.infer<typeof SalesTaxRateResponseSchema>;

/**
 * A bag line as the storefront sends it. Loose on purpose: the server answers 422 with a clear message
 * for an unknown design or size, or a quantity over 10; productCost is ignored (the server reprices).
 */
export const CheckoutCartLineSchema = z.object({
  id: z.string().max(64).optional(),
  productId: z.string().min(1).max(64),
  itemId: z.number().int().optional(),
  priceId: z.string().max(64).optional(),
  quantity: z.number().int().min(1).max(100_000),
  productCost: z.number().optional(),
  size: z.string().min(1).max(16),
  position: z.string().min(1).max(16),
  design: z.string().min(1).max(64),
});
export type CheckoutCartLine = z.infer<typeof CheckoutCartLineSchema>;

export const CreatePaymentIntentRequestSchema = z.object({
  cart: z.array(CheckoutCartLineSchema).max(100),
});

export const PaymentProviderNameSchema = z.enum(['sandbox', 'stripe']);

export const CreatePaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: PaymentProviderNameSchema,
  publishableKey: z.string().optional(),
  subtotal: cents(),
  /** The intent's amount now: the subtotal until a shipping option is chosen. */
  amount: cents(),
});
export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponseSchema>;

export const UpdatePaymentIntentRequestSchema = z.object({
  paymentIntentId: z.string().min(1).max(255),
  clientSecret: z.string().min(1).max(255),
  shippingOption: ShippingOptionSchema,
  address: UsAddressSchema,
  name: z.string().trim().min(1, 'Please provide your full name.').max(200),
  email: z.email('Please enter an email address.').max(254),
  /** The discount code typed in the bag or at checkout (issue 28); absent or empty for none. */
  discountCode: z.string().max(64).optional(),
  /**
   * The box "Email me a reminder if I leave items in my bag", never ticked in advance (issue 28,
   * docs/decisions/044): true records the consent with the email; absent or false withdraws it.
   */
  reminderConsent: z.boolean().optional(),
});

export const CheckoutTotalsSchema = z.object({
  subtotal: cents(),
  shipping: cents(),
  /** The discount line (goods and shipping), with the code applied; absent without a code. */
  discount: cents().optional(),
  discountCode: z.string().optional(),
  salesTax: cents(),
  total: cents(),
  /** The rate the sales tax was computed at (absent from a checkout priced before issue 28). */
  salesTaxRate: SalesTaxRateSchema.optional(),
});
export type CheckoutTotalsResponse = z.infer<typeof CheckoutTotalsSchema>;

export const CardInputSchema = z.object({
  number: z.string().max(32),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().max(8),
});

export const BillingDetailsSchema = z.object({
  name: z.string().trim().min(1, 'Please provide your full name.').max(200),
  email: z.email('Please enter an email address.').max(254),
  phone: z.string().max(40).optional(),
  address: UsAddressSchema,
});
export type BillingDetails = z.infer<typeof BillingDetailsSchema>;

export const ShippingDetailsSchema = z.object({
  name: z.string().trim().min(1).max(200),
  address: UsAddressSchema,
});

/** How the shopper pays: the sandbox's card fields, or a Stripe ConfirmationToken id (ctoken_...). */
export const ConfirmPaymentMethodSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('card'), card: CardInputSchema }),
  z.object({ type: z.literal('confirmation_token'), id: z.string().min(1).max(255) }),
]);

/**
 * POST /api/orders/confirm-pi: Place Order. Carries what the page shows (address, option and total in
 * cents); the server confirms the payment only when they are the checkout's own.
 */
export const ConfirmPaymentIntentRequestSchema = z.object({
  paymentIntentId: z.string().min(1).max(255),
  clientSecret: z.string().min(1).max(255),
  shippingOption: ShippingOptionSchema,
  address: UsAddressSchema,
  total: cents(),
  paymentMethod: ConfirmPaymentMethodSchema,
  billingDetails: BillingDetailsSchema,
  shipping: ShippingDetailsSchema.optional(),
  returnUrl: z.url().max(2000),
});

/** Paid (go to redirectUrl), or a card check waits (the sandbox's challengeUrl, or Stripe.js). */
export const ConfirmPaymentIntentResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), redirectUrl: z.string() }),
  z.object({
    status: z.literal('requires_action'),
    challengeUrl: z.string().optional(),
    redirectUrl: z.string(),
  }),
]);
export type ConfirmPaymentIntentResponse = z.infer<typeof ConfirmPaymentIntentResponseSchema>;

/** Place Order refused because the page's total is not the server's: the server's totals come along. */
export const TotalChangedErrorSchema = z.object({
  message: z.string(),
  code: z.literal('total_changed'),
  totals: CheckoutTotalsSchema.nullable(),
});

export const CardErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  declineCode: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});

/**
 * Spec 7, POST /orders: { userId, cart, paymentIntentId }, plus the intent's client secret (the success
 * page has it in its URL, as payment_intent_client_secret): the order is only answered to its holder.
 * userId and cart are ignored.
 */
export const CreateOrderRequestSchema = z.object({
  paymentIntentId: z.string().min(1).max(255),
  clientSecret: z.string().min(1).max(255),
  userId: z.string().max(255).nullish(),
  cart: z.array(z.unknown()).optional(),
});

const OrderAddressSchema = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

/** Spec 3, order product. productCost is the unit price in cents. */
export const OrderProductSchema = z.object({
  productId: z.string(),
  design: z.string(),
  size: z.string(),
  position: z.string(),
  quantity: z.number().int(),
  productCost: cents(),
  /** The line's share of the order's discount (whole line; issue 28); absent without one. */
  discount: cents().optional(),
});

/**
 * Spec 3, return item: one unit of the order on a return form (a line of quantity 3 is three items).
 * `returnType` Keep means the unit stays with the customer; a later return starts from those.
 * `returnReason`, `sizeExchange` and `positionExchange` are '' when not chosen.
 */
export const ReturnItemSchema = z.object({
  itemId: z.number().int().nonnegative(),
  returnType: z.enum(RETURN_TYPES),
  returnReason: z.union([z.enum(RETURN_REASONS), z.literal('')]),
  sizeExchange: z.union([SizeCodeSchema, z.literal('')]),
  positionExchange: z.union([PositionSchema, z.literal('')]),
  selected: z.boolean(),
  design: z.string(),
  position: z.string(),
  productCost: cents(),
  size: z.string(),
  productId: z.string(),
});
export type ReturnItem = z.infer<typeof ReturnItemSchema>;

/**
 * Spec 3, return record: every unit of that return form (Keep ones included), when it was made, the
 * sales tax refunded with it, the return shipping fee (0 on the first return), the refund, and the
 * label's URL once the label exists. `id` names the return (GET /orders/downloadReturnLabel/{id}).
 */
export const ReturnRecordSchema = z.object({
  id: z.string(),
  products: z.array(ReturnItemSchema),
  createdAt: z.string(),
  totalSalesTaxRefund: cents(),
  shippingFee: cents(),
  refundAmount: cents(),
  returnLabel: z.string().nullable(),
});
export type ReturnRecord = z.infer<typeof ReturnRecordSchema>;

/** One scan of the parcel by its carrier (issue 27 item 2): when, where, and what happened. */
export const TrackingEventSchema = z.object({
  /** ISO 8601 UTC. */
  at: z.string(),
  /** "Atlanta, GA 30320"; empty when the carrier did not say. */
  place: z.string(),
  description: z.string(),
  delivered: z.boolean(),
});
export type TrackingEvent = z.infer<typeof TrackingEventSchema>;

/** Spec 3, order. Money in cents. */
export const OrderSchema = z.object({
  orderNumber: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  tracking: z.string().nullable(),
  /** Who carries the package (core/carriers: usps, ups, fedex, dhl); null until shipped. */
  carrier: z.string().nullable().default(null),
  /** The carrier's scans of the parcel, newest first (empty until the first scan). */
  trackingEvents: z.array(TrackingEventSchema).default([]),
  /** When the carrier delivered the parcel (ISO 8601); null until then, or when it was not tracked. */
  deliveredAt: z.string().nullable().default(null),
  products: z.array(OrderProductSchema),
  /** Oldest first. */
  returns: z.array(ReturnRecordSchema),
  shipping: z.object({ name: z.string(), address: OrderAddressSchema }),
  shippingOption: ShippingOptionSchema,
  billing: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: OrderAddressSchema,
    card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }),
  }),
  subTotal: cents(),
  shippingRate: cents(),
  /** The discount code applied and its discount line (goods and shipping); absent without a code. */
  discountCode: z.string().optional(),
  discount: cents().optional(),
  salesTax: cents(),
  /** The rate and its parts; null for orders placed before the shop recorded it. */
  salesTaxRate: SalesTaxRateSchema.nullable().default(null),
  total: cents(),
});
export type Order = z.infer<typeof OrderSchema>;
