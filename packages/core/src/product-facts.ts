/**
 * The facts a shopper looks for before buying apparel (issue 16): fabric, the UPF rating and what it
 * means, fit, weight and care. Held in the catalogue (product_facts, migration 017) so operators can
 * change them from the console; served with each product and shown in the add-to-bag modal. Free of
 * zod, so the storefront's modal can show them without loading it (decision 007); the schemas are in
 * product-facts-schema.ts.
 */

export const PRODUCT_FACT_KEYS = ['fabric', 'weight', 'upf', 'standard', 'fit', 'care'] as const;
export type ProductFactKey = (typeof PRODUCT_FACT_KEYS)[number];

/** The label of each fact, in the storefront and the console alike. */
export const PRODUCT_FACT_LABELS: Record<ProductFactKey, string> = {
  fabric: 'Fabric',
  upf: 'Sun protection',
  standard: 'UPF rated by',
  fit: 'Fit',
  weight: 'Weight',
  care: 'Care',
};

/** Long enough for two plain sentences, short enough to read on a phone. */
export const MAX_FACT_LENGTH = 300;

/** The facts as served (GET /api/products) and stored; checked by product-facts-schema.ts. */
export type ProductFacts = Record<ProductFactKey, string>;

/**
 * The shirt's facts as the shop starts (the seed and migration 017 write them where missing). The
 * weight agrees with the shirt-weight setting's default (6 oz as packed, DEFAULT_SETTINGS).
 */
export const SHIRT_FACTS: ProductFacts = {
  fabric:
    'Lightweight 4.4 oz/yd² knit, 90% polyester and 10% spandex: it wicks sweat, dries fast and stretches four ways.',
  upf: 'UPF 50+, the highest rating: the fabric blocks at least 98% of UVA and UVB rays. The protection is in the knit, so it does not wash out.',
  fit: 'Relaxed unisex fit with long sleeves, in two lengths: Short (XS to XL) and Regular (SM to XXL). Take your usual size.',
  weight: '150 GSM (4.4 oz/yd²): about 5.3 oz in size MD, about 6 oz packed for shipping.',
  standard:
    'AATCC TM183, the US test of UV through fabric, on samples prepared to ASTM D6544; labelled to ASTM D6603.',
  care: 'Machine wash cold with like colors and tumble dry low. No bleach or fabric softener; do not iron the print.',
};
