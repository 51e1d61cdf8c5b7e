import {
  PRODUCT_FACT_KEYS,
  PRODUCT_FACT_LABELS,
  type ProductFacts,
} from '@sunward/core/product-facts';

/**
 * The shirt's facts as operators keep them (fabric, weight in GSM, UPF and the standard it was rated
 * by, fit, care), open under the options (issue 29 item 3, decision 050): what a shopper weighs before choosing a
 * size, not hidden behind a tap.
 */
export function ProductFactsList({ facts }: { facts: ProductFacts | null | undefined }) {
  if (!facts) return null;
  return (
    <dl className="product-facts" aria-label="Product facts">
      {PRODUCT_FACT_KEYS.map((key) => (
        <div key={key} className="product-facts__item">
          <dt>{PRODUCT_FACT_LABELS[key]}</dt>
          <dd>{facts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
