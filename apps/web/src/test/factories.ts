import type { Order, ReturnItem, ReturnRecord } from '@sunward/core/checkout-schemas';
import type { CartLine } from '@sunward/core/cart';
import type { Configuration, Inventory, Product } from '@sunward/core/schemas';
import { SIZE_CODES, type SizeCode } from '@sunward/core/sizes';
import { SHIRT_FACTS } from '@sunward/core/product-facts';
import { SPEC_SIZE_GUIDE } from '@sunward/core/size-guide';

/** Builders of valid data for tests: each returns a fresh object; pass overrides for what matters. */
export const SHIRT_ID = 'prod_test_shirt';

export function createProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: SHIRT_ID,
    object: 'product',
    active: true,
    name: 'UPF 50+ Graphic Sun Shirt',
    description: 'A sun shirt.',
    default_price: 'price_test_4500',
    images: [],
    metadata: { category: 'Sun Shirts' },
    facts: { ...SHIRT_FACTS },
    sizeGuide: SPEC_SIZE_GUIDE.map((m) => ({ ...m })),
    prices: [{ id: 'price_test_4500', unit_amount: 4500, currency: 'usd' }],
    ...overrides,
  };
}

export function createInventory(outOfStock: SizeCode[] = []): Inventory {
  return {
    productId: SHIRT_ID,
    sizes: Object.fromEntries(
      SIZE_CODES.map((code) => [code, { outOfStock: outOfStock.includes(code) }]),
    ) as Inventory['sizes'],
  };
}

export function createConfiguration(overrides: Partial<Configuration> = {}): Configuration {
  return {
    shopName: 'Sunward',
    companyZipCode: '28202',
    freeShippingTarget: 10_000,
    supportEmail: 'support@sunward.com',
    auth: {
      issuer: 'https://shop.test/oidc',
      clientId: 'sunward-web',
      audience: 'https://shop.test/api',
      changePassword: {
        url: 'https://shop.test/api/identity/change-password',
        connection: 'password',
        subjectPrefix: '',
      },
      resendVerification: { url: 'https://shop.test/api/identity/verification-email' },
    },
    ...overrides,
  };
}

let nextItem = 1;
export function createCartLine(overrides: Partial<CartLine> = {}): CartLine {
  const itemId = nextItem++;
  return {
    id: `line-${itemId}`,
    productId: SHIRT_ID,
    itemId,
    priceId: 'price_test_4500',
    quantity: 1,
    productCost: 4500,
    size: 'mds',
    position: 'Front',
    design: 'alaska',
    ...overrides,
  };
}

let nextReturnItem = 1;
/** One unit on a return form (spec 3, return item): kept unless told otherwise. */
export function createReturnItem(overrides: Partial<ReturnItem> = {}): ReturnItem {
  return {
    itemId: nextReturnItem++,
    returnType: 'Keep',
    returnReason: '',
    sizeExchange: '',
    positionExchange: '',
    selected: false,
    design: 'alaska',
    position: 'Front',
    productCost: 4500,
    size: 'mdr',
    productId: 'prod_sunward_upf50_shirt',
    ...overrides,
  };
}

/** A return record (spec 3) of the given units. */
export function createReturnRecord(overrides: Partial<ReturnRecord> = {}): ReturnRecord {
  return {
    id: `ret_${nextReturnItem++}`,
    products: [
      createReturnItem({ returnType: 'Refund', returnReason: 'too-long', selected: true }),
    ],
    createdAt: new Date().toISOString(),
    totalSalesTaxRefund: 0,
    shippingFee: 0,
    refundAmount: 4500,
    returnLabel: null,
    ...overrides,
  };
}

const orderAddress = (line1: string) => ({
  line1,
  line2: '',
  city: 'Charlotte',
  state: 'NC',
  postal_code: '28202',
  country: 'US',
});

let nextOrder = 1;
/** A valid order (core OrderSchema), pending and created now unless told otherwise. */
export function createOrder(overrides: Partial<Order> = {}): Order {
  const now = new Date().toISOString();
  const orderNumber = `ORD${String(nextOrder++).padStart(7, '0')}`;
  return {
    orderNumber,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    tracking: null,
    carrier: null,
    salesTaxRate: null,
    trackingEvents: [],
    deliveredAt: null,
    products: [
      {
        productId: 'prod_test_shirt',
        design: 'alaska',
        size: 'mds',
        position: 'Front',
        quantity: 2,
        productCost: 4500,
      },
    ],
    returns: [],
    shipping: { name: 'Riley Shore', address: orderAddress('600 E Trade St') },
    shippingOption: 'ground',
    billing: {
      name: 'Riley Shore',
      email: 'riley@example.com',
      phone: null,
      address: orderAddress('100 N Tryon St'),
      card: { brand: 'visa', last4: '4242' },
    },
    subTotal: 9000,
    shippingRate: 770,
    salesTax: 464,
    total: 10234,
    ...overrides,
  };
}
